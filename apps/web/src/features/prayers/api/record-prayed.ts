import { type PrayedInput, PrayerEventSchema } from '@selah/shared/schemas/prayer-log';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Records a Prayed on a prayer the user may read (today, or `day` up to 7 days back). */
export const recordPrayed = ({ id, ...body }: { id: string } & NonNullable<PrayedInput>) =>
  api.post(`/prayers/${encodeURIComponent(id)}/prayed`, { body, schema: PrayerEventSchema });

/**
 * "Prayed": the prayer's log (`['prayers', 'log', id]`) and the user's statistics (streak,
 * rhythm view) are stale afterwards.
 */
export const useRecordPrayed = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPrayed,
    meta: { toastOnError: false },
    onSuccess: (event) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['prayers', 'log', event.targetId] }),
        queryClient.invalidateQueries({ queryKey: ['prayers', 'summary'] }),
        queryClient.invalidateQueries({ queryKey: ['stats'] }),
      ]),
  });
};
