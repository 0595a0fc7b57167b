import { PrayerSchema } from '@selah/shared/schemas/prayers';
import type { RhythmInput } from '@selah/shared/schemas/practice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { prayerQueryOptions } from './get-prayer';
import { invalidatePrayerData } from './invalidate';

export const setPrayerRhythm = ({ id, rhythm }: { id: string; rhythm: RhythmInput }) =>
  api.put(`/prayers/${encodeURIComponent(id)}/rhythm`, { body: rhythm, schema: PrayerSchema });

/** Sets a prayer's rhythm, snooze and star (its author's); lists and due marks refresh. */
export const useSetPrayerRhythm = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPrayerRhythm,
    meta: { toastOnError: false },
    onSuccess: (prayer) => {
      queryClient.setQueryData(prayerQueryOptions(prayer._id).queryKey, prayer);
      void invalidatePrayerData(queryClient, prayer._id);
    },
  });
};
