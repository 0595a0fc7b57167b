import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forgetOnceUnused } from '@/lib/query-client';
import { invalidateAfterJournalChange } from '../utils/journal-cache';
import { journalQueryOptions } from '@/api/get-journal';

export const deleteJournal = (id: string) => api.delete(`/journals/${encodeURIComponent(id)}`);

/** Deletes a journal (owner only), forgets its details and refreshes the lists. */
export const useDeleteJournal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJournal,
    onSuccess: (_data, id) => {
      forgetOnceUnused(queryClient, journalQueryOptions(id).queryKey);
      void invalidateAfterJournalChange(queryClient, id);
    },
    meta: { toastOnError: false },
  });
};
