import { MessageSchema } from '@selah/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forgetGroup, invalidateGroups } from '../utils/group-cache';

/** Leaves a group; the last admin of a group with other members is refused (400). */
export const leaveGroup = (id: string) =>
  api.post(`/prayer-groups/${encodeURIComponent(id)}/leave`, { schema: MessageSchema });

export const useLeaveGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; isPublic: boolean }) => leaveGroup(id),
    onSuccess: (_data, { id, isPublic }) => {
      // A private group disappears for someone who left it.
      void (isPublic ? invalidateGroups(queryClient) : forgetGroup(queryClient, id));
    },
    meta: { toastOnError: false },
  });
};
