import { DashboardStatsSchema } from '@selah/shared/schemas/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const DASHBOARD_ERROR_MESSAGE = 'Failed to load dashboard statistics.';

/** What the dashboard's statistics are read from, and with (the server's renderer reads it too). */
export const dashboardStatsRead = { path: '/stats', schema: DashboardStatsSchema } as const;

export const getDashboardStats = (signal?: AbortSignal) =>
  api.get(dashboardStatsRead.path, {
    schema: dashboardStatsRead.schema,
    ...(signal ? { signal } : {}),
  });

/**
 * The user's counts, streak, activity and recent testimonies: one read and one cache entry for
 * the dashboard and the session's end screen (its streak). Writes invalidate the ['stats']
 * prefix, which holds this key.
 */
export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['stats', 'dashboard'],
    queryFn: ({ signal }) => getDashboardStats(signal),
    meta: { errorMessage: DASHBOARD_ERROR_MESSAGE },
  });

/**
 * `toastOnError: false` where the statistics are a side detail (the session's end screen) and
 * a failed refresh should not interrupt.
 */
export const useDashboardStats = ({ toastOnError = true }: { toastOnError?: boolean } = {}) =>
  useQuery({
    ...dashboardStatsQueryOptions(),
    ...(toastOnError ? {} : { meta: { toastOnError: false } }),
  });
