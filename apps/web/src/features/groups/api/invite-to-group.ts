import { MessageSchema } from '@selah/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateGroups } from '../utils/group-cache';

/** Invites friends to a group (admins only; friends only). */
export const inviteToGroup = ({ id, userIds }: { id: string; userIds: string[] }) =>
  api.post(`/prayer-groups/${encodeURIComponent(id)}/invite`, {
    body: { userIds },
    schema: MessageSchema,
    idempotent: true,
  });

export const useInviteToGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteToGroup,
    onSuccess: () => void invalidateGroups(queryClient),
    meta: { toastOnError: false },
  });
};
