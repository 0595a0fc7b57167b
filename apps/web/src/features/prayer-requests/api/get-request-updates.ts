import { PrayerRequestUpdatePageSchema } from '@selah/shared/schemas/prayer-requests';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_UPDATES_ERROR = 'Failed to load updates. Please try again.';
export const REQUEST_UPDATES_PAGE_SIZE = 10;

export const getRequestUpdates = (id: string, cursor: string | undefined, signal?: AbortSignal) =>
  api.get(`/prayer-requests/${encodeURIComponent(id)}/updates`, {
    query: { cursor, limit: REQUEST_UPDATES_PAGE_SIZE },
    schema: PrayerRequestUpdatePageSchema,
    ...(signal ? { signal } : {}),
  });

/** A request's updates, newest first, page by page. */
export const requestUpdatesQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: ['prayer-requests', 'updates', id],
    queryFn: ({ pageParam, signal }) => getRequestUpdates(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    meta: { errorMessage: LOAD_UPDATES_ERROR },
  });

export const useRequestUpdates = (id: string) => useInfiniteQuery(requestUpdatesQueryOptions(id));
