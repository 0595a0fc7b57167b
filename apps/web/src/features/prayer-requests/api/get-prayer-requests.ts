import type { PrayerCategory } from '@selah/shared/constants';
import { PrayerRequestPageSchema } from '@selah/shared/schemas/prayer-requests';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_REQUESTS_ERROR = 'Failed to load prayer requests. Please try again.';

/** myRequests: the user's own; friendRequests: what friends share with the user. */
export type PrayerRequestType = 'myRequests' | 'friendRequests';

export interface PrayerRequestsFilter {
  type: PrayerRequestType;
  category?: PrayerCategory | undefined;
  searchQuery?: string | undefined;
}

export const PRAYER_REQUESTS_PAGE_SIZE = 20;

export const getPrayerRequests = (
  filter: PrayerRequestsFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
) =>
  api.get('/prayer-requests', {
    query: {
      type: filter.type,
      category: filter.category,
      searchQuery: filter.searchQuery,
      cursor,
      limit: PRAYER_REQUESTS_PAGE_SIZE,
    },
    schema: PrayerRequestPageSchema,
    ...(signal ? { signal } : {}),
  });

/** Prayer requests, newest first, page by page (the server's cursor). */
export const prayerRequestsQueryOptions = (filter: PrayerRequestsFilter) =>
  infiniteQueryOptions({
    queryKey: ['prayer-requests', 'list', filter],
    queryFn: ({ pageParam, signal }) => getPrayerRequests(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    meta: { errorMessage: LOAD_REQUESTS_ERROR },
  });

export const usePrayerRequests = (filter: PrayerRequestsFilter) =>
  useInfiniteQuery(prayerRequestsQueryOptions(filter));
