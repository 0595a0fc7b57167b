import type { ResetPasswordInput } from '@selah/shared/schemas/auth';
import { MessageSchema } from '@selah/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const resetPassword = (input: ResetPasswordInput) =>
  api.post('/auth/reset-password', { body: input, schema: MessageSchema, auth: false });

export const useResetPassword = () =>
  useMutation({ mutationFn: resetPassword, meta: { toastOnError: false } });
