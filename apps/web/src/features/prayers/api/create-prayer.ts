import { PrayerSchema, type CreatePrayerInput } from '@selah/shared/schemas/prayers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePrayerData } from './invalidate';

export const createPrayer = (input: CreatePrayerInput) =>
  api.post('/prayers', { body: input, schema: PrayerSchema, idempotent: true });

export const useCreatePrayer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrayer,
    // The dialog shows its own toasts (spec-1 §8).
    meta: { toastOnError: false },
    onSuccess: () => void invalidatePrayerData(queryClient),
  });
};
