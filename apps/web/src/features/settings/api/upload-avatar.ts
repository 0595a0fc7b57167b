import { UserSchema } from '@selah/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adoptUser, holdCurrentUserRefresh } from '../utils/settings-cache';

/** Uploads a profile photo as the raw image body (its own Content-Type; at most 2 MB). */
export const uploadAvatar = (file: Blob) =>
  api.put('/users/me/avatar', { body: file, schema: UserSchema });

export const useUploadAvatar = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onMutate: () => holdCurrentUserRefresh(queryClient),
    onSuccess: (user) => adoptUser(queryClient, user),
    meta: { toastOnError: false },
  });
};
