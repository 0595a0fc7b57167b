import { PrayerSchema } from '@selah/shared/schemas/prayers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { prayerQueryOptions } from './get-prayer';
import { invalidatePrayerData } from './invalidate';

export const updatePrayerStatus = ({ id, isAnswered }: { id: string; isAnswered: boolean }) =>
  api.put(`/prayers/${encodeURIComponent(id)}/status`, {
    body: { isAnswered },
    schema: PrayerSchema,
  });

export const useUpdatePrayerStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrayerStatus,
    meta: { toastOnError: false },
    onSuccess: (prayer) => {
      queryClient.setQueryData(prayerQueryOptions(prayer._id).queryKey, prayer);
      void invalidatePrayerData(queryClient, prayer._id);
    },
  });
};
