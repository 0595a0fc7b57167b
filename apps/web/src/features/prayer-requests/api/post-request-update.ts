import { PrayerRequestUpdateSchema } from '@selah/shared/schemas/prayer-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { prayerRequestQueryOptions } from './get-prayer-request';
import { requestUpdatesQueryOptions } from './get-request-updates';
import { invalidatePrayerRequestLists } from './invalidate';

/** Posts an update on the user's own request; everyone praying for it is notified. */
export const postRequestUpdate = ({ id, text }: { id: string; text: string }) =>
  api.post(`/prayer-requests/${encodeURIComponent(id)}/updates`, {
    body: { text },
    schema: PrayerRequestUpdateSchema,
  });

export const usePostRequestUpdate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRequestUpdate,
    // The dialog shows the server's message.
    meta: { toastOnError: false },
    onSuccess: (_update, { id }) => {
      void queryClient.invalidateQueries({ queryKey: requestUpdatesQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: prayerRequestQueryOptions(id).queryKey });
      void invalidatePrayerRequestLists(queryClient);
    },
  });
};
