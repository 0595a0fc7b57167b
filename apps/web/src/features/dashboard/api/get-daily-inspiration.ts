import { DailyInspirationSchema } from '@selah/shared/schemas/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What the daily verse and quote are read from, and with (the server's renderer reads it too). */
export const dailyInspirationRead = {
  path: '/stats/daily',
  schema: DailyInspirationSchema,
} as const;

export const getDailyInspiration = (signal?: AbortSignal) =>
  api.get(dailyInspirationRead.path, {
    schema: dailyInspirationRead.schema,
    ...(signal ? { signal } : {}),
  });

/** Today's memory verse (one of the user's own, else scripture) and quote. */
export const dailyInspirationQueryOptions = () =>
  queryOptions({
    queryKey: ['stats', 'daily'],
    queryFn: ({ signal }) => getDailyInspiration(signal),
    // It changes at the user's midnight; within a visit it stays.
    staleTime: 60 * 60 * 1000,
    meta: { toastOnError: false },
  });

export const useDailyInspiration = () => useQuery(dailyInspirationQueryOptions());
