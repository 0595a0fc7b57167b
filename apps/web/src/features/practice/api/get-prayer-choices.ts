import { PrayerPageSchema } from '@selah/shared/schemas/prayers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How many of the user's active prayers the late-entry dialog offers (newest first). */
export const LATE_CHOICES = 50;

/** The user's active prayers, newest first: what a missed day can be filled in with. */
export const activePrayerChoicesOptions = () =>
  queryOptions({
    queryKey: ['prayers', 'user', 'late-choices'],
    queryFn: ({ signal }) =>
      api.get('/prayers/user', {
        query: { status: 'active', limit: LATE_CHOICES },
        schema: PrayerPageSchema,
        signal,
      }),
  });

export const useActivePrayerChoices = (enabled: boolean) =>
  useQuery({ ...activePrayerChoicesOptions(), enabled });
