import { PrayerSchema } from '@selah/shared/schemas/prayers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { prayerQueryOptions } from './get-prayer';
import { invalidatePrayerData } from './invalidate';

export const addTestimony = ({ id, testimony }: { id: string; testimony: string }) =>
  api.post(`/prayers/${encodeURIComponent(id)}/testimony`, {
    body: { testimony },
    schema: PrayerSchema,
    idempotent: true,
  });

export const useAddTestimony = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTestimony,
    meta: { toastOnError: false },
    onSuccess: (prayer) => {
      queryClient.setQueryData(prayerQueryOptions(prayer._id).queryKey, prayer);
      void invalidatePrayerData(queryClient, prayer._id);
    },
  });
};
