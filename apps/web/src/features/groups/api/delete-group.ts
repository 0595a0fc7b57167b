import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forgetGroup } from '../utils/group-cache';

export const deleteGroup = (id: string) => api.delete(`/prayer-groups/${encodeURIComponent(id)}`);

/** Deletes a group (admins only); its journal and prayers stay. */
export const useDeleteGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_data, id) => void forgetGroup(queryClient, id),
    meta: { toastOnError: false },
  });
};
