import { UserSchema } from '@selah/shared/schemas/auth';
import type { z } from 'zod';
import type { ChangeEmailInputSchema } from '@selah/shared/schemas/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adoptUser, holdCurrentUserRefresh } from '../utils/settings-cache';

export type ChangeEmailInput = z.input<typeof ChangeEmailInputSchema>;

/** Changes the sign-in address; the current password confirms it is the user. */
export const changeEmail = (input: ChangeEmailInput) =>
  api.put('/users/me/email', { body: input, schema: UserSchema });

export const useChangeEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onMutate: () => holdCurrentUserRefresh(queryClient),
    onSuccess: (user) => adoptUser(queryClient, user),
    meta: { toastOnError: false },
  });
};
