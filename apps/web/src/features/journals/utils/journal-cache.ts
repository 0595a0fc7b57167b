import type { DiscoverOverview, Journal, JournalPage } from '@selah/shared/schemas/journals';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { journalsQueryOptions } from '../api/get-journals';

/**
 * After a journal is created, deleted or joined: refresh every journal query (['journals'] is
 * their common prefix), the prayer lists and the dashboard statistics, which count journals'
 * prayers. Prayers and statistics belong to other features, so only their key prefixes are used.
 */
export function invalidateAfterJournalChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: journalsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['prayers'] }),
    queryClient.invalidateQueries({ queryKey: ['stats'] }),
  ]);
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
