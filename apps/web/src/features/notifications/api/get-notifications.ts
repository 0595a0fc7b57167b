import { NotificationPageSchema } from '@selah/shared/schemas/notifications';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How many notifications one page of the bell's list holds. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const LOAD_NOTIFICATIONS_ERROR = 'Failed to load notifications.';

export const getNotifications = (
  { cursor, limit = NOTIFICATIONS_PAGE_SIZE }: { cursor?: string | null; limit?: number } = {},
  signal?: AbortSignal,
) =>
  api.get('/notifications', {
    query: { cursor, limit },
    schema: NotificationPageSchema,
    ...(signal ? { signal } : {}),
  });

/** The key of the bell's list; the stream and the mutations write into this cache entry. */
export const notificationsQueryKey = ['notifications', 'list'] as const;

/**
 * The user's notifications, newest first, a page at a time ('Load more' follows the cursor).
 * Each page also carries the unread count, which the bell's badge shows.
 */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ pageParam, signal }) => getNotifications({ cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // The stream keeps the list current; without it, a reopened dropdown reads it again.
    staleTime: 60_000,
    meta: { errorMessage: LOAD_NOTIFICATIONS_ERROR },
  });

export const useNotifications = () => useInfiniteQuery(notificationsQueryOptions());
