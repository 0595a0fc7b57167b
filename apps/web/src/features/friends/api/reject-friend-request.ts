import { MessageSchema } from '@selah/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFriendsData } from './invalidate';

export const rejectFriendRequest = (requestId: string) =>
  api.put(`/friends/reject/${encodeURIComponent(requestId)}`, { schema: MessageSchema });

export const useRejectFriendRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectFriendRequest,
    meta: { toastOnError: false },
    onSettled: () => void invalidateFriendsData(queryClient),
  });
};
