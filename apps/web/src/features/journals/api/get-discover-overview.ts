import { DiscoverOverviewSchema } from '@selah/shared/schemas/journals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The discover page's categories (by count) and its featured journal. */
export const getDiscoverOverview = (signal?: AbortSignal) =>
  api.get('/journals/discover', {
    schema: DiscoverOverviewSchema,
    ...(signal ? { signal } : {}),
  });

export const discoverOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['journals', 'discover'],
    queryFn: ({ signal }) => getDiscoverOverview(signal),
    // The side panels are extras next to the list, which has its own error state.
    meta: { toastOnError: false },
  });

export const useDiscoverOverview = () => useQuery(discoverOverviewQueryOptions());
