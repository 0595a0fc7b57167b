import { MessageSchema } from '@selah/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Sends the signed-in user a new link that confirms their address (3 an hour). */
export const resendVerification = () =>
  api.post('/auth/verify-email/resend', { schema: MessageSchema });

export const useResendVerification = () =>
  useMutation({ mutationFn: resendVerification, meta: { toastOnError: false } });
