import { FriendListSchema } from '@selah/shared/schemas/friends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_FRIENDS_TITLE = 'Failed to load friends';
export const LOAD_FRIENDS_MESSAGE = 'Unable to load your friends list. Please try again.';

export const getShareFriends = (signal?: AbortSignal) =>
  api.get('/friends', { schema: FriendListSchema, ...(signal ? { signal } : {}) });

/** The friends a private request can be shared with (under the ['friends'] prefix). */
export const shareFriendsQueryOptions = () =>
  queryOptions({
    queryKey: ['friends', 'share-choices'],
    queryFn: ({ signal }) => getShareFriends(signal),
    select: (list) => list.data,
    // The dialog shows its own error state.
    meta: { toastOnError: false },
  });

export const useShareFriends = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...shareFriendsQueryOptions(), enabled });
