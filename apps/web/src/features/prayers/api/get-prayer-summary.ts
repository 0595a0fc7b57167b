import { PrayerSummarySchema } from '@selah/shared/schemas/prayers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getPrayerSummary = (signal?: AbortSignal) =>
  api.get('/prayers/user/summary', {
    schema: PrayerSummarySchema,
    ...(signal ? { signal } : {}),
  });

/** Counts, categories, the real streak and the last 7 days for the Prayer Points page. */
export const prayerSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['prayers', 'summary'],
    queryFn: ({ signal }) => getPrayerSummary(signal),
    meta: { errorMessage: 'Failed to load prayers. Please try again.' },
  });

export const usePrayerSummary = () => useQuery(prayerSummaryQueryOptions());
