import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFriendsData } from './invalidate';

export const removeFriend = (userId: string) =>
  api.delete(`/friends/${encodeURIComponent(userId)}`);

export const useRemoveFriend = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFriend,
    meta: { toastOnError: false },
    onSettled: () => void invalidateFriendsData(queryClient),
  });
};
