import { MessageSchema } from '@selah/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** E-mails an invitation to join Selah; signing up with that address finds a friend request. */
export const inviteByEmail = (recipientEmail: string) =>
  api.post('/friends/invite-email', {
    body: { recipientEmail },
    schema: MessageSchema,
    idempotent: true,
  });

export const useInviteByEmail = () =>
  useMutation({ mutationFn: inviteByEmail, meta: { toastOnError: false } });
