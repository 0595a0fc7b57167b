import { InviteLinkSchema } from '@selah/shared/schemas/friends';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inviteLinkQueryOptions } from './get-invite-link';

/** Makes the user's personal invite link (the server answers the same link when it exists). */
export const createInviteLink = () =>
  api.post('/friends/invite-link', { schema: InviteLinkSchema });

export function useCreateInviteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInviteLink,
    meta: { toastOnError: false },
    onSuccess: (result) => {
      queryClient.setQueryData(inviteLinkQueryOptions().queryKey, result);
    },
  });
}
