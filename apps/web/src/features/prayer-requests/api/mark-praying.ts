import { PrayingResultSchema, type CommitmentCadence } from '@selah/shared/schemas/prayer-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePrayerRequestLists, writePrayerRequest } from './invalidate';

export interface MarkPrayingInput {
  id: string;
  /** Once (today), daily for 7 days, or until answered (issue 20 §3). */
  cadence: CommitmentCadence;
}

/** Commits the signed-in user to pray for a request ("I'm Praying"). */
export const markPraying = ({ id, cadence }: MarkPrayingInput) =>
  api.post(`/prayer-requests/${encodeURIComponent(id)}/pray`, {
    body: { cadence },
    schema: PrayingResultSchema,
  });

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
