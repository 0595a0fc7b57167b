import type { SharedWith } from '@selah/shared/schemas/friends';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { journalsQueryOptions } from '@/api/get-journals';
import { api } from '@/lib/api-client';
import { SHARES_KEY, sharedItemPath, type ShareKind } from './share-item';

/**
 * Takes a share back: DELETE /journals/{id}/share/{userId} or /prayers/{id}/share/{userId}.
 * From their next request the person no longer reads the prayer, or the private journal (their
 * membership, which came from the share, ends).
 */
export const stopSharing = ({
  kind,
  id,
  userId,
}: {
  kind: ShareKind;
  id: string;
  userId: string;
}) => api.delete(`${sharedItemPath(kind, id)}/share/${encodeURIComponent(userId)}`);

export const useStopSharing = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopSharing,
    onSuccess: (_result, { kind, id, userId }) => {
      // The person leaves the list at once; the refetch below confirms it.
      queryClient.setQueryData<SharedWith>(
        [...SHARES_KEY, kind, id],
        (old) => old && { data: old.data.filter((person) => person._id !== userId) },
      );
    },
    onSettled: (_result, _error, { kind, id }) => {
      void queryClient.invalidateQueries({ queryKey: [...SHARES_KEY, kind, id] });
      // A journal loses a member: its member list and counts change.
      if (kind === 'journal')
        void queryClient.invalidateQueries({ queryKey: journalsQueryOptions().queryKey });
    },
    // The dialog says who it was in its own toasts.
    meta: { toastOnError: false },
  });
};
