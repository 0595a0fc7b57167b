import { FriendListSchema } from '@selah/shared/schemas/friends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getFriends = (signal?: AbortSignal) =>
  api.get('/friends', { schema: FriendListSchema, ...(signal ? { signal } : {}) });

/** Presence moves on: the list is read again every minute while the page is open. */
const FRIENDS_REFRESH_MS = 60_000;

/** The user's friends with their last activity and the number of journals they share. */
export const friendsQueryOptions = () =>
  queryOptions({
    queryKey: ['friends', 'list'],
    queryFn: ({ signal }) => getFriends(signal),
    select: (result) => result.data,
    refetchInterval: FRIENDS_REFRESH_MS,
    meta: { errorMessage: 'Failed to load friends data. Please try again.' },
  });

export const useFriends = () => useQuery(friendsQueryOptions());
