import { VerifyEmailResponseSchema } from '@selah/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Opens an e-mailed link: confirms the address, or completes an e-mail change. The link works
 * in any browser, signed in or not, so the call carries no session.
 */
export const verifyEmail = (token: string) =>
  api.post('/auth/verify-email', {
    body: { token },
    schema: VerifyEmailResponseSchema,
    auth: false,
  });

export const useVerifyEmail = () =>
  useMutation({ mutationFn: verifyEmail, meta: { toastOnError: false } });
