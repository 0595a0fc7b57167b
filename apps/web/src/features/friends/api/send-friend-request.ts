import { MessageSchema } from '@selah/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFriendsData } from './invalidate';

/**
 * Asks a user to be friends. The answer says 'Friend request sent!' (201), or 'Friend request
 * accepted!' (200) when they had already asked the user.
 */
export const sendFriendRequest = (userId: string) =>
  api.post(`/friends/request/${encodeURIComponent(userId)}`, {
    schema: MessageSchema,
    idempotent: true,
  });

export const useSendFriendRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFriendRequest,
    // Callers show their own toasts (spec-2 §8).
    meta: { toastOnError: false },
    onSettled: () => void invalidateFriendsData(queryClient),
  });
};
