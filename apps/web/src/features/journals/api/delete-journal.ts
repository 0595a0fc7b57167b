import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterJournalChange } from '../utils/journal-cache';
import { journalQueryOptions } from './get-journal';

export const deleteJournal = (id: string) => api.delete(`/journals/${encodeURIComponent(id)}`);

/** Deletes a journal (owner only), forgets its details and refreshes the lists. */
export const useDeleteJournal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJournal,
    onSuccess: (_data, id) => {
      // Gone for good: drop the cached details rather than refetching them into a 404.
      queryClient.removeQueries({ queryKey: journalQueryOptions(id).queryKey, exact: true });
      void invalidateAfterJournalChange(queryClient);
    },
    meta: { toastOnError: false },
  });
};
