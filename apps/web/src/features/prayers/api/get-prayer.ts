import { PrayerSchema, type Prayer } from '@selah/shared/schemas/prayers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getPrayer = (id: string, signal?: AbortSignal) =>
  api.get(`/prayers/${encodeURIComponent(id)}`, {
    schema: PrayerSchema,
    ...(signal ? { signal } : {}),
  });

export const prayerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['prayers', 'detail', id],
    queryFn: ({ signal }) => getPrayer(id, signal),
  });

/**
 * One prayer, for the details dialog. The card it was opened from already holds it, so that copy
 * shows at once; the cache keeps it current after status changes and testimonies.
 */
export const usePrayer = (prayer: Prayer) =>
  useQuery({
    ...prayerQueryOptions(prayer._id),
    initialData: prayer,
    // The list it came from was just loaded: no need to fetch it again on open.
    staleTime: 30_000,
  });
