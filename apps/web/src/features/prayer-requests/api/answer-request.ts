import { PrayerRequestSchema } from '@selah/shared/schemas/prayer-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePrayerRequestLists, writePrayerRequest } from './invalidate';

/** Marks the user's own request answered with a testimony; everyone who prayed is told. */
export const answerRequest = ({ id, testimony }: { id: string; testimony: string }) =>
  api.post(`/prayer-requests/${encodeURIComponent(id)}/answered`, {
    body: { testimony },
    schema: PrayerRequestSchema,
  });

export const useAnswerRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerRequest,
    meta: { toastOnError: false },
    onSuccess: (request) => {
      writePrayerRequest(queryClient, request);
      void invalidatePrayerRequestLists(queryClient);
    },
  });
};
