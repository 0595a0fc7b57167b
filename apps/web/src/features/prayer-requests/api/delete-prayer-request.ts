import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { prayerRequestQueryOptions } from './get-prayer-request';
import { invalidatePrayerRequestLists } from './invalidate';

export const deletePrayerRequest = (id: string) =>
  api.delete(`/prayer-requests/${encodeURIComponent(id)}`);

export const useDeletePrayerRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePrayerRequest,
    meta: { toastOnError: false },
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: prayerRequestQueryOptions(id).queryKey });
      void invalidatePrayerRequestLists(queryClient);
    },
  });
};
