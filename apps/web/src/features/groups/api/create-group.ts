import { GroupResponseSchema, type CreateGroupInput } from '@selah/shared/schemas/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateGroups } from '../utils/group-cache';

/** Creates a group around one of the user's journals; the creator becomes its first admin. */
export const createGroup = (input: CreateGroupInput) =>
  api.post('/prayer-groups', { body: input, schema: GroupResponseSchema, idempotent: true });

export const useCreateGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => void invalidateGroups(queryClient),
    // The dialog shows 'Failed to create group' with the server's message itself.
    meta: { toastOnError: false },
  });
};
