import { PrayerPageSchema } from '@selah/shared/schemas/prayers';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_GROUP_PRAYERS_FAILED = 'Failed to load prayers. Please try again.';
export const GROUP_PRAYERS_PAGE_SIZE = 20;

/** One page of the attached journal's public prayers, newest first. */
export const getGroupPrayers = (id: string, cursor: string | undefined, signal?: AbortSignal) =>
  api.get(`/prayer-groups/${encodeURIComponent(id)}/prayers`, {
    schema: PrayerPageSchema,
    query: { cursor, limit: GROUP_PRAYERS_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });

export const groupPrayersQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: ['prayer-groups', 'prayers', id],
    queryFn: ({ pageParam, signal }) => getGroupPrayers(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    meta: { errorMessage: LOAD_GROUP_PRAYERS_FAILED },
  });

/** The group's prayers page by page; only members (or anyone, for a public group) may read them. */
export const useGroupPrayers = (id: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useInfiniteQuery({ ...groupPrayersQueryOptions(id), enabled });
