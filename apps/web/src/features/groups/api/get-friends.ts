import { FriendListSchema } from '@selah/shared/schemas/friends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_FRIENDS_FAILED_TITLE = 'Failed to load friends';
export const LOAD_FRIENDS_FAILED = 'Unable to load your friends list. Please try again.';

export const getFriends = (signal?: AbortSignal) =>
  api.get('/friends', { schema: FriendListSchema, ...(signal ? { signal } : {}) });

/** The user's friends, who can be invited to a group (under the ['friends'] prefix). */
export const friendChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['friends', 'choices'],
    queryFn: ({ signal }) => getFriends(signal),
    select: (list) => list.data,
    // The invite dialog shows its own error state.
    meta: { toastOnError: false },
  });

export const useFriendChoices = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...friendChoicesQueryOptions(), enabled });
