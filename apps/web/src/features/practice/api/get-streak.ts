import { DashboardStatsSchema } from '@selah/shared/schemas/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The dashboard's statistics, for the streak on the end screen: the same read and cache entry
 * as the dashboard's (features do not share code; the key is the API's).
 */
export const streakQueryOptions = () =>
  queryOptions({
    queryKey: ['stats', 'dashboard'],
    queryFn: ({ signal }) => api.get('/stats', { schema: DashboardStatsSchema, signal }),
    meta: { toastOnError: false },
  });

export const useStreak = (enabled: boolean) => useQuery({ ...streakQueryOptions(), enabled });
