import { GroupListSchema } from '@selah/shared/schemas/groups';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_GROUPS_FAILED = 'Failed to load prayer groups. Please try again.';

/** The main list's size; the server answers at most this many (newest first). */
export const GROUPS_LIST_LIMIT = 50;
/** The side panels show a few groups each. */
export const GROUPS_PANEL_LIMIT = 5;

/**
 * all: public groups plus private ones the user belongs to or is invited to; mine: the groups the
 * user belongs to; suggested: public groups of friends that the user has not joined.
 */
export type GroupScope = 'all' | 'mine' | 'suggested';

export interface GroupsFilter {
  scope: GroupScope;
  search?: string | undefined;
  limit?: number | undefined;
}

/** Prayer groups by scope, searched by name or description on the server. */
export const getGroups = (filter: GroupsFilter, signal?: AbortSignal) =>
  api.get('/prayer-groups', {
    schema: GroupListSchema,
    query: {
      scope: filter.scope,
      search: filter.search?.trim() || undefined,
      limit: filter.limit ?? GROUPS_LIST_LIMIT,
    },
    ...(signal ? { signal } : {}),
  });

/** ['prayer-groups'] prefixes every group query, so invalidating it refreshes them all. */
export const groupsQueryOptions = (filter: GroupsFilter) =>
  queryOptions({
    queryKey: [
      'prayer-groups',
      'list',
      {
        scope: filter.scope,
        search: filter.search?.trim() ?? '',
        limit: filter.limit ?? GROUPS_LIST_LIMIT,
      },
    ],
    queryFn: ({ signal }) => getGroups(filter, signal),
    select: (list) => list.data,
    meta: { errorMessage: LOAD_GROUPS_FAILED },
  });

/** The groups of a scope; while a new search loads, the previous results stay on screen. */
export const useGroups = (filter: GroupsFilter) =>
  useQuery({ ...groupsQueryOptions(filter), placeholderData: keepPreviousData });
