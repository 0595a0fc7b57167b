import { CONFIRM_WORD } from '@selah/shared/schemas/settings';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Deletes the account for good; accounts with a password confirm with it (a Google-only
 * account has confirmed with Google just before: a cookie the server set carries that).
 */
export const deleteAccount = ({ password }: { password?: string }) =>
  api.delete('/users/me', { body: { confirm: CONFIRM_WORD, ...(password ? { password } : {}) } });

export const useDeleteAccount = () =>
  useMutation({ mutationFn: deleteAccount, meta: { toastOnError: false } });
