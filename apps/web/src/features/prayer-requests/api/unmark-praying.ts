import { PrayingResultSchema } from '@selah/shared/schemas/prayer-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePrayerRequestLists, writePrayerRequest } from './invalidate';

/** Takes back the signed-in user's "I'm praying" mark. */
export const unmarkPraying = (id: string) =>
  api.delete(`/prayer-requests/${encodeURIComponent(id)}/pray`, { schema: PrayingResultSchema });

export const useUnmarkPraying = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unmarkPraying,
    meta: { toastOnError: false },
    onSuccess: ({ request }) => {
      writePrayerRequest(queryClient, request);
      void invalidatePrayerRequestLists(queryClient);
    },
  });
};
