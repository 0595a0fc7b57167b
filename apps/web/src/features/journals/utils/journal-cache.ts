import type { DiscoverOverview, Journal, JournalPage } from '@selah/shared/schemas/journals';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { forgetOnceUnused } from '@/lib/query-client';
import { journalsQueryOptions } from '@/api/get-journals';

/** The prayers feature's key prefix of one journal's prayer pages (one entry per filter). */
const journalPrayersKey = (id: string) => ['prayers', 'journal', id] as const;

/**
 * After a journal is created, deleted, joined or left: refresh every journal query
 * (['journals'] is their common prefix), the prayer lists and the dashboard statistics, which
 * count journals' prayers. Prayers and statistics belong to other features, so only their key
 * prefixes are used. `goneId` keeps the details and prayers of a journal the user can no longer
 * see (deleted, or left) out of the refresh: its page is on the way out and would answer 404.
 */
export function invalidateAfterJournalChange(queryClient: QueryClient, goneId?: string) {
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: journalsQueryOptions().queryKey,
      predicate: (query) => goneId === undefined || query.queryKey[1] !== goneId,
    }),
    queryClient.invalidateQueries({
      queryKey: ['prayers'],
      predicate: (query) =>
        goneId === undefined || !(query.queryKey[1] === 'journal' && query.queryKey[2] === goneId),
    }),
    queryClient.invalidateQueries({ queryKey: ['stats'] }),
  ]);
}

/**
 * A journal the user left: its details and prayer pages are forgotten once its page has gone
 * (never shown again from the cache), and every other list is read again without it.
 */
export function forgetJournal(queryClient: QueryClient, id: string) {
  forgetOnceUnused(queryClient, [...journalsQueryOptions().queryKey, id]);
  for (const query of queryClient.getQueryCache().findAll({ queryKey: journalPrayersKey(id) })) {
    forgetOnceUnused(queryClient, query.queryKey);
  }
  return invalidateAfterJournalChange(queryClient, id);
}

/**
 * Puts the server's fresh copy of a journal into the cached discover lists and featured card at
 * once, so a joined card says 'Member' without waiting for the refetch.
 */
export function replaceCachedJournal(queryClient: QueryClient, journal: Journal) {
  const swap = <T extends Journal>(item: T): T =>
    item._id === journal._id ? { ...item, ...journal } : item;
  queryClient.setQueriesData<InfiniteData<JournalPage>>(
    { queryKey: [...journalsQueryOptions().queryKey, 'public'] },
    (old) =>
      old && {
        ...old,
        pages: old.pages.map((page) => ({ ...page, data: page.data.map(swap) })),
      },
  );
  queryClient.setQueriesData<DiscoverOverview>(
    { queryKey: [...journalsQueryOptions().queryKey, 'discover'] },
    (old) => old && { ...old, featured: old.featured && swap(old.featured) },
  );
}
