import {
  PrayerRequestSchema,
  type CreatePrayerRequestInput,
} from '@selah/shared/schemas/prayer-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePrayerRequestLists } from './invalidate';

export const createPrayerRequest = (input: CreatePrayerRequestInput) =>
  api.post('/prayer-requests', { body: input, schema: PrayerRequestSchema, idempotent: true });

export const useCreatePrayerRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrayerRequest,
    // The dialog shows its own toasts (spec-2 §8).
    meta: { toastOnError: false },
    onSuccess: () => void invalidatePrayerRequestLists(queryClient),
  });
};
