import { PrayerGroupDetailSchema } from '@selah/shared/schemas/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_GROUP_FAILED = 'Failed to load the prayer group. Please try again.';

/** A group with its members (404 when it is missing or hidden from the user). */
export const getGroup = (id: string, signal?: AbortSignal) =>
  api.get(`/prayer-groups/${encodeURIComponent(id)}`, {
    schema: PrayerGroupDetailSchema,
    ...(signal ? { signal } : {}),
  });

export const groupQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['prayer-groups', 'detail', id],
    queryFn: ({ signal }) => getGroup(id, signal),
    meta: { errorMessage: LOAD_GROUP_FAILED },
  });

export const useGroup = (id: string) => useQuery(groupQueryOptions(id));
