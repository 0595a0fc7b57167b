import { PrayerRequestSchema, type PrayerRequest } from '@selah/shared/schemas/prayer-requests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getPrayerRequest = (id: string, signal?: AbortSignal) =>
  api.get(`/prayer-requests/${encodeURIComponent(id)}`, {
    schema: PrayerRequestSchema,
    ...(signal ? { signal } : {}),
  });

export const prayerRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['prayer-requests', 'detail', id],
    queryFn: ({ signal }) => getPrayerRequest(id, signal),
  });

/**
 * One request, for the details dialog. The card it was opened from already holds it, so that copy
 * shows at once while the dialog reads the latest (who is praying changes often).
 */
export const usePrayerRequest = (request: PrayerRequest) =>
  useQuery({
    ...prayerRequestQueryOptions(request._id),
    placeholderData: request,
  });
