import { FriendListSchema } from '@selah/shared/schemas/friends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_FRIENDS_FAILED_TITLE = 'Failed to load friends';
export const LOAD_FRIENDS_FAILED = 'Unable to load your friends list. Please try again.';

export const getFriends = (signal?: AbortSignal) =>
  api.get('/friends', { schema: FriendListSchema, ...(signal ? { signal } : {}) });

/** The user's friends to share with (under the ['friends'] prefix, refreshed with the list). */
export const shareFriendsQueryOptions = () =>
  queryOptions({
    queryKey: ['friends', 'choices'],
    queryFn: ({ signal }) => getFriends(signal),
    select: (list) => list.data,
    // The dialog shows its own error state.
    meta: { toastOnError: false },
  });

export const useShareFriends = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...shareFriendsQueryOptions(), enabled });
