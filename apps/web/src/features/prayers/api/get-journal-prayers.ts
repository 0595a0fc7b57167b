import type { JournalDetail } from '@selah/shared/schemas/journals';
import { PrayerPageSchema, type PrayerCategorySchema } from '@selah/shared/schemas/prayers';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** 'due': the viewer's own prayers due today (their rhythm). */
export type JournalPrayerStatus = 'pending' | 'due' | 'answered' | 'all';

export interface JournalPrayersFilter {
  status: JournalPrayerStatus;
  category?: z.infer<typeof PrayerCategorySchema> | undefined;
  search?: string | undefined;
}

export const JOURNAL_PRAYERS_PAGE_SIZE = 50;

export const getJournalPrayers = (
  journalId: string,
  filter: JournalPrayersFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
) =>
  api.get('/prayers', {
    query: {
      journal: journalId,
      status: filter.status === 'due' ? 'pending' : filter.status,
      due: filter.status === 'due' ? 'true' : undefined,
      category: filter.category,
      search: filter.search,
      cursor,
      limit: JOURNAL_PRAYERS_PAGE_SIZE,
    },
    schema: PrayerPageSchema,
    ...(signal ? { signal } : {}),
  });

const SEED_FRESH_MS = 30_000;

const isUnfiltered = (filter: JournalPrayersFilter) =>
  filter.status === 'all' && !filter.category && !filter.search;

/**
 * A journal's prayers the viewer may see, page by page (newest first). Without a filter the first
 * page is the one `GET /journals/{id}` already brought along.
 */
export const journalPrayersQueryOptions = (
  journalId: string,
  filter: JournalPrayersFilter,
  seed?: Pick<JournalDetail, 'prayers' | 'prayersNextCursor'>,
) =>
  infiniteQueryOptions({
    queryKey: ['prayers', 'journal', journalId, filter],
    queryFn: ({ pageParam, signal }) => getJournalPrayers(journalId, filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    ...(seed && isUnfiltered(filter)
      ? {
          initialData: {
            pages: [{ data: seed.prayers, nextCursor: seed.prayersNextCursor }],
            pageParams: [undefined],
          },
          // The journal was just loaded: its first page is fresh, no need to fetch it again.
          staleTime: SEED_FRESH_MS,
        }
      : {}),
  });

export const useJournalPrayers = (
  journalId: string,
  filter: JournalPrayersFilter,
  seed?: Pick<JournalDetail, 'prayers' | 'prayersNextCursor'>,
) => useInfiniteQuery(journalPrayersQueryOptions(journalId, filter, seed));
