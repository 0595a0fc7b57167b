import { PrayerPageSchema, type PrayerCategorySchema } from '@selah/shared/schemas/prayers';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** 'due': the active prayers due today (their rhythm), the rest by status. */
export type UserPrayerStatus = 'active' | 'due' | 'answered' | 'all';

export interface UserPrayersFilter {
  status: UserPrayerStatus;
  category?: z.infer<typeof PrayerCategorySchema> | undefined;
  search?: string | undefined;
}

export const USER_PRAYERS_PAGE_SIZE = 30;

export const getUserPrayers = (
  filter: UserPrayersFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
) =>
  api.get('/prayers/user', {
    query: {
      status: filter.status === 'due' ? 'active' : filter.status,
      due: filter.status === 'due' ? 'true' : undefined,
      category: filter.category,
      search: filter.search,
      cursor,
      limit: USER_PRAYERS_PAGE_SIZE,
    },
    schema: PrayerPageSchema,
    ...(signal ? { signal } : {}),
  });

/** The user's own prayers across their journals (Prayer Points), newest first, page by page. */
export const userPrayersQueryOptions = (filter: UserPrayersFilter) =>
  infiniteQueryOptions({
    queryKey: ['prayers', 'user', filter],
    queryFn: ({ pageParam, signal }) => getUserPrayers(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    meta: { errorMessage: 'Failed to load prayers. Please try again.' },
  });

export const useUserPrayers = (filter: UserPrayersFilter) =>
  useInfiniteQuery(userPrayersQueryOptions(filter));
