import { PrayerNoteSchema } from '@selah/shared/schemas/practice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * A dated note on one of the user's prayers (what changed, what they sensed): from the prayer's
 * timeline and from a pray-through session. Errors are the caller's
 * to show.
 */
export const addPrayerNote = ({ id, text }: { id: string; text: string }) =>
  api.post(`/prayers/${encodeURIComponent(id)}/notes`, {
    body: { text },
    schema: PrayerNoteSchema,
  });

export const useAddPrayerNote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPrayerNote,
    meta: { toastOnError: false },
    onSuccess: (note) =>
      queryClient.invalidateQueries({ queryKey: ['prayers', 'log', note.prayerId] }),
  });
};
