import { RegisterResponseSchema, type RegisterInput } from '@selah/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const register = (input: RegisterInput) =>
  api.post('/auth/register', { body: input, schema: RegisterResponseSchema, auth: false });

export const useRegister = () =>
  useMutation({ mutationFn: register, meta: { toastOnError: false } });
