import { PrayerLogSchema } from '@selah/shared/schemas/practice';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_LOG_ERROR = 'Failed to load the prayer’s timeline. Please try again.';
export const LOG_PAGE_SIZE = 50;

export const getPrayerLog = (id: string, cursor: string | null, signal?: AbortSignal) =>
  api.get(`/prayers/${encodeURIComponent(id)}/log`, {
    query: { cursor, limit: LOG_PAGE_SIZE },
    schema: PrayerLogSchema,
    ...(signal ? { signal } : {}),
  });

/**
 * A prayer's timeline, newest first, a page at a time, with the viewer's own record ("Prayed N
 * times"). Under `['prayers', …]`: whatever changes a prayer makes it stale too.
 */
export const prayerLogQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: ['prayers', 'log', id],
    queryFn: ({ pageParam, signal }) => getPrayerLog(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    meta: { errorMessage: LOAD_LOG_ERROR },
  });

export const usePrayerLog = (id: string) => useInfiniteQuery(prayerLogQueryOptions(id));
