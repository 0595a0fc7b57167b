import { PrayerEventSchema } from '@selah/shared/schemas/prayer-log';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { prayerRequestQueryOptions } from './get-prayer-request';
import { invalidatePrayerRequestLists } from './invalidate';

/** Records a Prayed on a request (today, from its card). */
export const recordPrayed = (id: string) =>
  api.post(`/prayer-requests/${encodeURIComponent(id)}/prayed`, {
    body: { source: 'card' },
    schema: PrayerEventSchema,
  });

export const useRecordPrayed = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPrayed,
    meta: { toastOnError: false },
    // A 'once' commitment ends with it, and the week's count changes.
    onSuccess: (_event, id) => {
      void queryClient.invalidateQueries({ queryKey: prayerRequestQueryOptions(id).queryKey });
      void invalidatePrayerRequestLists(queryClient);
    },
  });
};
