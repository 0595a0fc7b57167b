import { DashboardStatsSchema } from '@selah/shared/schemas/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const DASHBOARD_ERROR_MESSAGE = 'Failed to load dashboard statistics.';

export const getDashboardStats = (signal?: AbortSignal) =>
  api.get('/stats', { schema: DashboardStatsSchema, ...(signal ? { signal } : {}) });

/** The dashboard's counts, streak, activity and recent testimonies. */
export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['stats', 'dashboard'],
    queryFn: ({ signal }) => getDashboardStats(signal),
    meta: { errorMessage: DASHBOARD_ERROR_MESSAGE },
  });

export const useDashboardStats = () => useQuery(dashboardStatsQueryOptions());
