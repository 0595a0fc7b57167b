import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateGroups } from '../utils/group-cache';
import { groupQueryOptions } from './get-group';
import { groupPrayersQueryOptions } from './get-group-prayers';

export const deleteGroup = (id: string) => api.delete(`/prayer-groups/${encodeURIComponent(id)}`);

/** Deletes a group (admins only); its journal and prayers stay. */
export const useDeleteGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_data, id) => {
      // Gone for good: drop its cached pages rather than refetching them into a 404.
      queryClient.removeQueries({ queryKey: groupQueryOptions(id).queryKey, exact: true });
      queryClient.removeQueries({ queryKey: groupPrayersQueryOptions(id).queryKey, exact: true });
      void invalidateGroups(queryClient);
    },
    meta: { toastOnError: false },
  });
};
