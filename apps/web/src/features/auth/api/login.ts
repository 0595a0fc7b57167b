import { UserSchema, type LoginInput } from '@selah/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * Lenient on purpose: a success body without a token or user is reported to the user as
 * 'No authentication token received.' (spec-1 §5) instead of a parse error.
 */
const LoginResponseSchema = z.object({
  token: z.string().optional(),
  user: UserSchema.optional(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const login = (input: LoginInput) =>
  api.post('/auth/login', { body: input, schema: LoginResponseSchema, auth: false });

export const useLogin = () => useMutation({ mutationFn: login, meta: { toastOnError: false } });
