import { MessageSchema } from '@selah/shared/schemas/common';
import type { z } from 'zod';
import type { ChangeEmailInputSchema } from '@selah/shared/schemas/settings';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ChangeEmailInput = z.input<typeof ChangeEmailInputSchema>;

/**
 * Asks to change the sign-in address (the current password confirms it is the user): the new
 * address gets a link, and the address changes when it is opened.
 */
export const changeEmail = (input: ChangeEmailInput) =>
  api.put('/users/me/email', { body: input, schema: MessageSchema });

export const useChangeEmail = () =>
  useMutation({ mutationFn: changeEmail, meta: { toastOnError: false } });
