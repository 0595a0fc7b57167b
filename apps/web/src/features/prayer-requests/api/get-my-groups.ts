import { GroupListSchema } from '@selah/shared/schemas/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_GROUPS_ERROR = 'Failed to load prayer groups. Please try again.';
const MY_GROUPS_LIMIT = 50;

export const getMyGroups = (signal?: AbortSignal) =>
  api.get('/prayer-groups', {
    query: { scope: 'mine', limit: MY_GROUPS_LIMIT },
    schema: GroupListSchema,
    ...(signal ? { signal } : {}),
  });

/**
 * The groups the user belongs to (decisions §2: real groups, Manage for real admins). Under the
 * ['prayer-groups'] prefix, so group changes elsewhere refresh it.
 */
export const myGroupsQueryOptions = () =>
  queryOptions({
    queryKey: ['prayer-groups', 'list', { scope: 'mine', search: '', limit: MY_GROUPS_LIMIT }],
    queryFn: ({ signal }) => getMyGroups(signal),
    select: (list) => list.data,
    meta: { errorMessage: LOAD_GROUPS_ERROR },
  });

export const useMyGroups = () => useQuery(myGroupsQueryOptions());
