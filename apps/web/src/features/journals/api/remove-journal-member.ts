import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forgetJournal } from '../utils/journal-cache';
import { journalQueryOptions } from '@/api/get-journal';

/**
 * Ends a membership: DELETE /journals/{id}/members/{userId}. The owner removes a member; a
 * member leaves with their own id. Either way the journal leaves the member's lists and, when
 * private, is unreadable to them from their next request.
 */
export const removeJournalMember = ({ id, userId }: { id: string; userId: string }) =>
  api.delete(`/journals/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`);

/** The owner removes a member: the journal's members, counts and shares are read again. */
export const useRemoveJournalMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeJournalMember,
    onSettled: (_result, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: journalQueryOptions(id).queryKey }),
        // The share dialog's 'Shared with' (the sharing feature's key): a removed member who
        // came from a share is no longer shared with.
        queryClient.invalidateQueries({ queryKey: ['shares', 'journal', id] }),
      ]),
    // The dialog names the member in its own toasts.
    meta: { toastOnError: false },
  });
};

/**
 * A member leaves: the journal's page is on its way out (a private journal would answer 404),
 * so its details and prayers are forgotten, and every list is read again without it.
 */
export const useLeaveJournal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeJournalMember,
    onSuccess: (_result, { id }) => forgetJournal(queryClient, id),
    meta: { toastOnError: false },
  });
};
