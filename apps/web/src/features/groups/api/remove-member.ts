import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateGroups } from '../utils/group-cache';

/** Removes someone from a group (admins only; admins leave with Leave instead). */
export const removeMember = ({ id, userId }: { id: string; userId: string }) =>
  api.delete(`/prayer-groups/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`);

export const useRemoveMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => void invalidateGroups(queryClient),
    meta: { toastOnError: false },
  });
};
