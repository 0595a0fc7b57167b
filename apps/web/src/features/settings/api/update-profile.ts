import { UserSchema } from '@selah/shared/schemas/auth';
import type { ProfileInput } from '@selah/shared/schemas/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adoptUser, holdCurrentUserRefresh } from '../utils/settings-cache';

export const updateProfile = (input: ProfileInput) =>
  api.put('/users/me/profile', { body: input, schema: UserSchema });

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onMutate: () => holdCurrentUserRefresh(queryClient),
    onSuccess: (user) => adoptUser(queryClient, user),
    // The form shows the server's message under the field, or its own toast.
    meta: { toastOnError: false },
  });
};
