import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterFriendshipEnded, invalidateFriendsData } from './invalidate';

export const removeFriend = (userId: string) =>
  api.delete(`/friends/${encodeURIComponent(userId)}`);

export const useRemoveFriend = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFriend,
    meta: { toastOnError: false },
    onSuccess: () => void invalidateAfterFriendshipEnded(queryClient),
    onSettled: () => void invalidateFriendsData(queryClient),
  });
};
