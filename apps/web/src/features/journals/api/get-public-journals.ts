import type { PrayerCategory } from '@selah/shared/constants';
import { JournalPageSchema } from '@selah/shared/schemas/journals';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_PUBLIC_JOURNALS_FAILED = 'Failed to load public journals. Please try again.';
export const PUBLIC_JOURNALS_PAGE_SIZE = 12;

export type DiscoverTab = 'popular' | 'new' | 'trending';

export interface PublicJournalsFilter {
  tab: DiscoverTab;
  search?: string | undefined;
  category?: PrayerCategory | undefined;
}

/** One page of public journals, searched and filtered on the server. */
export const getPublicJournals = (
  filter: PublicJournalsFilter,
  cursor?: string,
  signal?: AbortSignal,
) =>
  api.get('/journals/public', {
    schema: JournalPageSchema,
    query: {
      tab: filter.tab,
      search: filter.search?.trim() || undefined,
      category: filter.category,
      cursor,
      limit: PUBLIC_JOURNALS_PAGE_SIZE,
    },
    ...(signal ? { signal } : {}),
  });

export const publicJournalsQueryOptions = (filter: PublicJournalsFilter) =>
  infiniteQueryOptions({
    queryKey: [
      'journals',
      'public',
      { tab: filter.tab, search: filter.search?.trim() ?? '', category: filter.category ?? null },
    ],
    queryFn: ({ pageParam, signal }) => getPublicJournals(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    meta: { errorMessage: LOAD_PUBLIC_JOURNALS_FAILED },
  });

export const usePublicJournals = (filter: PublicJournalsFilter) =>
  useInfiniteQuery(publicJournalsQueryOptions(filter));
