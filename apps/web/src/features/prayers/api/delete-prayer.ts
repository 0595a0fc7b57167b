import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { prayerQueryOptions } from './get-prayer';
import { invalidatePrayerData } from './invalidate';

export const deletePrayer = (id: string) => api.delete(`/prayers/${encodeURIComponent(id)}`);

export const useDeletePrayer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePrayer,
    meta: { toastOnError: false },
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: prayerQueryOptions(id).queryKey });
      void invalidatePrayerData(queryClient, id);
    },
  });
};
