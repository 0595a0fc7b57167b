import { FriendRequestListSchema } from '@selah/shared/schemas/friends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type FriendRequestDirection = 'incoming' | 'outgoing';

export const getFriendRequests = (direction: FriendRequestDirection, signal?: AbortSignal) =>
  api.get('/friends/requests', {
    query: { direction },
    schema: FriendRequestListSchema,
    ...(signal ? { signal } : {}),
  });

/** Pending friend requests sent to the user (incoming) or by the user (outgoing). */
export const friendRequestsQueryOptions = (direction: FriendRequestDirection) =>
  queryOptions({
    queryKey: ['friends', 'requests', direction],
    queryFn: ({ signal }) => getFriendRequests(direction, signal),
    select: (result) => result.data,
    meta: { errorMessage: 'Failed to load friends data. Please try again.' },
  });

export const useFriendRequests = (direction: FriendRequestDirection) =>
  useQuery(friendRequestsQueryOptions(direction));
