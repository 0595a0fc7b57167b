import { GroupResponseSchema, type UpdateGroupInput } from '@selah/shared/schemas/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateGroups, mergeCachedGroup } from '../utils/group-cache';

/** Renames a group, changes its description or privacy (admins only). */
export const updateGroup = ({ id, input }: { id: string; input: UpdateGroupInput }) =>
  api.put(`/prayer-groups/${encodeURIComponent(id)}`, { body: input, schema: GroupResponseSchema });

export const useUpdateGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSuccess: ({ data }) => {
      mergeCachedGroup(queryClient, data);
      void invalidateGroups(queryClient);
    },
    meta: { toastOnError: false },
  });
};
