import { MessageSchema } from '@selah/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateGroups } from '../utils/group-cache';

export type GroupRole = 'admin' | 'member';

/** Makes a member an admin, or an admin a plain member (admins only). */
export const setMemberRole = ({
  id,
  userId,
  role,
}: {
  id: string;
  userId: string;
  role: GroupRole;
}) =>
  api.put(`/prayer-groups/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`, {
    body: { role },
    schema: MessageSchema,
  });

export const useSetMemberRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMemberRole,
    onSuccess: () => void invalidateGroups(queryClient),
    meta: { toastOnError: false },
  });
};
