import type { QueryClient } from '@tanstack/react-query';
import { journalsQueryOptions } from '@/api/get-journals';

/**
 * After a prayer changes, everything that shows or counts prayers is stale: prayer lists and
 * summaries, journals (their counters and first page), groups' prayer lists and the dashboard
 * statistics. Matched by
 * prefix. The prayer's own detail entry was just written from the response and is kept.
 */
export function invalidatePrayerData(queryClient: QueryClient, keepPrayerId?: string) {
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: ['prayers'],
      predicate: (query) =>
        !(keepPrayerId && query.queryKey[1] === 'detail' && query.queryKey[2] === keepPrayerId),
    }),
    queryClient.invalidateQueries({ queryKey: journalsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['stats'] }),
    queryClient.invalidateQueries({ queryKey: ['prayer-groups', 'prayers'] }),
  ]);
}
