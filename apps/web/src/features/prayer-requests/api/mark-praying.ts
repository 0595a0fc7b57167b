import { PrayingResultSchema } from '@selah/shared/schemas/prayer-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePrayerRequestLists, writePrayerRequest } from './invalidate';

/** Marks the signed-in user as praying for a request. */
export const markPraying = (id: string) =>
  api.post(`/prayer-requests/${encodeURIComponent(id)}/pray`, { schema: PrayingResultSchema });

export const useMarkPraying = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPraying,
    meta: { toastOnError: false },
    onSuccess: ({ request }) => {
      writePrayerRequest(queryClient, request);
      void invalidatePrayerRequestLists(queryClient);
    },
  });
};
