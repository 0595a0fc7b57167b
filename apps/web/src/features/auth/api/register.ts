import { RegisterResponseSchema, type RegisterInput } from '@selah/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deviceTimeZone } from '@/lib/time-zones';

/** Creates an account, in this device's time zone when Selah accepts it (ADR 057). */
export const register = (input: RegisterInput) =>
  api.post('/auth/register', {
    body: { ...input, timeZone: input.timeZone ?? deviceTimeZone() ?? undefined },
    schema: RegisterResponseSchema,
    auth: false,
  });

export const useRegister = () =>
  useMutation({ mutationFn: register, meta: { toastOnError: false } });
