import { GroupResponseSchema } from '@selah/shared/schemas/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateGroups, mergeCachedGroup } from '../utils/group-cache';

/** Joins a public group, or a private one the user was invited to. */
export const joinGroup = (id: string) =>
  api.post(`/prayer-groups/${encodeURIComponent(id)}/join`, { schema: GroupResponseSchema });

export const useJoinGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinGroup,
    onSuccess: ({ data }) => {
      mergeCachedGroup(queryClient, data);
      void invalidateGroups(queryClient);
    },
    meta: { toastOnError: false },
  });
};
