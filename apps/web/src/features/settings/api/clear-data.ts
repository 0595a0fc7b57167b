import { CONFIRM_WORD } from '@selah/shared/schemas/settings';
import { MessageSchema } from '@selah/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Removes the user's journals, prayers and prayer requests; the account stays. The password
 * confirms it (a Google-only account has confirmed with Google just before: a cookie the server
 * set carries that).
 */
export const clearData = ({ password }: { password?: string }) =>
  api.post('/users/me/clear', {
    body: { confirm: CONFIRM_WORD, ...(password ? { password } : {}) },
    schema: MessageSchema,
  });

export const useClearData = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearData,
    // Every list, count and statistic may have changed.
    onSuccess: () => queryClient.invalidateQueries(),
    meta: { toastOnError: false },
  });
};
