import { MessageSchema } from '@selah/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFriendsData } from './invalidate';

export const acceptFriendRequest = (requestId: string) =>
  api.put(`/friends/accept/${encodeURIComponent(requestId)}`, { schema: MessageSchema });

export const useAcceptFriendRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptFriendRequest,
    meta: { toastOnError: false },
    onSettled: () => void invalidateFriendsData(queryClient),
  });
};
