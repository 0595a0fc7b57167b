import { JournalSchema, type CreateJournalInput } from '@selah/shared/schemas/journals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterJournalChange } from '../utils/journal-cache';

export const createJournal = (input: CreateJournalInput) =>
  api.post('/journals', { body: input, schema: JournalSchema, idempotent: true });

/** Creates a journal, then refreshes the journal lists, prayers and statistics. */
export const useCreateJournal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJournal,
    onSuccess: () => invalidateAfterJournalChange(queryClient),
    // The dialog shows its own 'Failed to create journal' toast.
    meta: { toastOnError: false },
  });
};
