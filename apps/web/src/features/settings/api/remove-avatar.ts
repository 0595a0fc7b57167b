import { UserSchema } from '@selah/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adoptUser, holdCurrentUserRefresh } from '../utils/settings-cache';

export const removeAvatar = () => api.delete('/users/me/avatar', { schema: UserSchema });

export const useRemoveAvatar = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    onMutate: () => holdCurrentUserRefresh(queryClient),
    onSuccess: (user) => adoptUser(queryClient, user),
    meta: { toastOnError: false },
  });
};
