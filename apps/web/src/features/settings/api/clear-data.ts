import { CONFIRM_WORD } from '@selah/shared/schemas/settings';
import { MessageSchema } from '@selah/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Removes the user's journals, prayers and prayer requests; the account stays. */
export const clearData = () =>
  api.post('/users/me/clear', { body: { confirm: CONFIRM_WORD }, schema: MessageSchema });

export const useClearData = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearData,
    // Every list, count and statistic may have changed.
    onSuccess: () => queryClient.invalidateQueries(),
    meta: { toastOnError: false },
  });
};
