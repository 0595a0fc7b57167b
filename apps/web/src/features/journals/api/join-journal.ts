import { JoinResponseSchema } from '@selah/shared/schemas/journals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterJournalChange, replaceCachedJournal } from '../utils/journal-cache';

export const joinJournal = (id: string) =>
  api.post(`/journals/${encodeURIComponent(id)}/join`, { schema: JoinResponseSchema });

/** Joins a public journal, then refreshes every list that shows it. */
export const useJoinJournal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinJournal,
    onSuccess: ({ journal }) => {
      replaceCachedJournal(queryClient, journal);
      return invalidateAfterJournalChange(queryClient);
    },
    // The card shows 'Failed to join journal: {reason}' itself.
    meta: { toastOnError: false },
  });
};
