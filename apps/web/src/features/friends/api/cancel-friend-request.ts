import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFriendsData } from './invalidate';

/** Withdraws a request the user sent and that is still pending. */
export const cancelFriendRequest = (requestId: string) =>
  api.delete(`/friends/requests/${encodeURIComponent(requestId)}`);

export const useCancelFriendRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelFriendRequest,
    meta: { toastOnError: false },
    onSettled: () => void invalidateFriendsData(queryClient),
  });
};
