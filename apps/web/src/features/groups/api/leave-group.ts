import { MessageSchema } from '@selah/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateGroups } from '../utils/group-cache';

/** Leaves a group; the last admin of a group with other members is refused (400). */
export const leaveGroup = (id: string) =>
  api.post(`/prayer-groups/${encodeURIComponent(id)}/leave`, { schema: MessageSchema });

export const useLeaveGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveGroup,
    onSuccess: () => invalidateGroups(queryClient),
    meta: { toastOnError: false },
  });
};
