import { PrayerSchema, type UpdatePrayerInput } from '@selah/shared/schemas/prayers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { prayerQueryOptions } from './get-prayer';
import { invalidatePrayerData } from './invalidate';

/** PUT /prayers/{id}: its title, text, category, privacy and memory verse (its author's). */
export const updatePrayer = ({ id, input }: { id: string; input: UpdatePrayerInput }) =>
  api.put(`/prayers/${encodeURIComponent(id)}`, { body: input, schema: PrayerSchema });

/** Edits a prayer; its log, rhythm and testimonies stay. Lists, journals and counts refresh. */
export const useUpdatePrayer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrayer,
    // The dialog shows its own toasts (spec-1 §8).
    meta: { toastOnError: false },
    onSuccess: (prayer) => {
      queryClient.setQueryData(prayerQueryOptions(prayer._id).queryKey, prayer);
      void invalidatePrayerData(queryClient, prayer._id);
    },
  });
};
