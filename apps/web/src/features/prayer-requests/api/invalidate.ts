import type { PrayerRequest, PrayerRequestPage } from '@selah/shared/schemas/prayer-requests';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { prayerRequestQueryOptions } from './get-prayer-request';

/** Every request list is stale after a change (matched by prefix). */
export function invalidatePrayerRequestLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ['prayer-requests', 'list'] });
}

/** Puts the server's copy of a changed request into its detail entry and every loaded list. */
export function writePrayerRequest(queryClient: QueryClient, request: PrayerRequest) {
  queryClient.setQueryData(prayerRequestQueryOptions(request._id).queryKey, request);
  queryClient.setQueriesData<InfiniteData<PrayerRequestPage>>(
    { queryKey: ['prayer-requests', 'list'] },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          data: page.data.map((item) => (item._id === request._id ? request : item)),
        })),
      },
  );
}
