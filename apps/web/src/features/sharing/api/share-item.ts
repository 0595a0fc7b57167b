import { ShareResultSchema } from '@selah/shared/schemas/friends';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { journalsQueryOptions } from '@/api/get-journals';
import { api } from '@/lib/api-client';

export type ShareKind = 'journal' | 'prayer';

const BASE: Record<ShareKind, string> = { journal: '/journals', prayer: '/prayers' };

/** The API path of a journal or a prayer that is shared: `/journals/{id}` or `/prayers/{id}`. */
export const sharedItemPath = (kind: ShareKind, id: string) =>
  `${BASE[kind]}/${encodeURIComponent(id)}`;

/** Every query about who a journal or a prayer is shared with starts with this key. */
export const SHARES_KEY = ['shares'] as const;

/**
 * Shares a journal or a prayer with friends: POST /journals/{id}/share or /prayers/{id}/share.
 * They are notified; a private journal's friends become its members.
 */
export const shareItem = ({
  kind,
  id,
  userIds,
}: {
  kind: ShareKind;
  id: string;
  userIds: string[];
}) =>
  api.post(`${sharedItemPath(kind, id)}/share`, {
    body: { userIds },
    schema: ShareResultSchema,
    idempotent: true,
  });

export const useShareItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareItem,
    onSuccess: (_result, { kind, id }) => {
      void queryClient.invalidateQueries({ queryKey: [...SHARES_KEY, kind, id] });
      // Sharing a private journal adds members: its details and counts change.
      if (kind === 'journal')
        void queryClient.invalidateQueries({ queryKey: journalsQueryOptions().queryKey });
    },
    // The dialog shows the server's message itself.
    meta: { toastOnError: false },
  });
};
