import { FriendListSchema } from '@selah/shared/schemas/friends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getFriendChoices = (signal?: AbortSignal) =>
  api.get('/friends', { schema: FriendListSchema, ...(signal ? { signal } : {}) });

/**
 * The user's friends to pick from (inviting to a group, sharing a journal or a prayer), under the
 * ['friends'] prefix so it refreshes with the friends list. Shared by features, which may not
 * import each other.
 */
export const friendChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['friends', 'choices'],
    queryFn: ({ signal }) => getFriendChoices(signal),
    select: (list) => list.data,
    // The picker shows its own error state.
    meta: { toastOnError: false },
  });

export const useFriendChoices = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...friendChoicesQueryOptions(), enabled });
