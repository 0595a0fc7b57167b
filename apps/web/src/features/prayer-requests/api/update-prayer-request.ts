import {
  PrayerRequestSchema,
  type UpdatePrayerRequestInput,
} from '@selah/shared/schemas/prayer-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePrayerRequestLists, writePrayerRequest } from './invalidate';

export const updatePrayerRequest = ({
  id,
  input,
}: {
  id: string;
  input: UpdatePrayerRequestInput;
}) =>
  api.put(`/prayer-requests/${encodeURIComponent(id)}`, {
    body: input,
    schema: PrayerRequestSchema,
  });

export const useUpdatePrayerRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrayerRequest,
    meta: { toastOnError: false },
    onSuccess: (request) => {
      writePrayerRequest(queryClient, request);
      void invalidatePrayerRequestLists(queryClient);
    },
  });
};
