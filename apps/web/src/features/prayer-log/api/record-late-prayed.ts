import { PrayerEventSchema } from '@selah/shared/schemas/prayer-log';
import { PrayerPageSchema } from '@selah/shared/schemas/prayers';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** "I prayed that day": a late Prayed on `prayerId` for `day` (at most 7 days back). */
export const recordLatePrayed = ({ prayerId, day }: { prayerId: string; day: string }) =>
  api.post(`/prayers/${encodeURIComponent(prayerId)}/prayed`, {
    body: { day },
    schema: PrayerEventSchema,
  });

export const useRecordLatePrayed = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordLatePrayed,
    meta: { toastOnError: false },
    onSuccess: (event) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['stats'] }),
        queryClient.invalidateQueries({ queryKey: ['prayers', 'summary'] }),
        queryClient.invalidateQueries({ queryKey: ['prayers', 'log', event.targetId] }),
      ]),
  });
};
