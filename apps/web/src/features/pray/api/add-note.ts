import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A dated note on one of the user's prayers (what changed, what they sensed). */
export const addPrayerNote = ({ id, text }: { id: string; text: string }) =>
  api.post(`/prayers/${encodeURIComponent(id)}/notes`, { body: { text } });

export const useAddPrayerNote = () =>
  useMutation({
    mutationFn: addPrayerNote,
    meta: { errorTitle: 'Note not saved', errorMessage: 'Your note could not be saved.' },
  });
