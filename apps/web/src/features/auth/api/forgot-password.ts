import type { ForgotPasswordInput } from '@selah/shared/schemas/auth';
import { MessageSchema } from '@selah/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const requestPasswordReset = (input: ForgotPasswordInput) =>
  api.post('/auth/forgot-password', { body: input, schema: MessageSchema, auth: false });

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: requestPasswordReset, meta: { toastOnError: false } });
