import { GroupListSchema } from '@selah/shared/schemas/groups';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_GROUPS_FAILED = 'Failed to load prayer groups. Please try again.';

/** The main list loads this many groups per page (newest first). */
export const GROUPS_PAGE_SIZE = 20;
/** The side panels show a few groups each (their first page only). */
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

/** One page of prayer groups by scope, searched by name or description on the server. */
export const getGroups = (filter: GroupsFilter, cursor?: string, signal?: AbortSignal) =>
  api.get('/prayer-groups', {
    schema: GroupListSchema,
    query: {
      scope: filter.scope,
      search: filter.search?.trim() || undefined,
      cursor,
      limit: filter.limit ?? GROUPS_PAGE_SIZE,
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
        limit: filter.limit ?? GROUPS_PAGE_SIZE,
      },
    ],
    queryFn: ({ signal }) => getGroups(filter, undefined, signal),
    select: (list) => list.data,
    meta: { errorMessage: LOAD_GROUPS_FAILED },
  });

/** The first page of a scope's groups (the side panels). */
export const useGroups = (filter: GroupsFilter) =>
  useQuery({ ...groupsQueryOptions(filter), placeholderData: keepPreviousData });

/** A scope's groups page by page with the server's cursor (the main list). */
export const groupPagesQueryOptions = (filter: Omit<GroupsFilter, 'limit'>) =>
  infiniteQueryOptions({
    queryKey: [
      'prayer-groups',
      'pages',
      { scope: filter.scope, search: filter.search?.trim() ?? '' },
    ],
    queryFn: ({ pageParam, signal }) => getGroups(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    meta: { errorMessage: LOAD_GROUPS_FAILED },
  });

/** The main list's groups; while a new search loads, the previous results stay on screen. */
export const useGroupPages = (filter: Omit<GroupsFilter, 'limit'>) =>
  useInfiniteQuery({ ...groupPagesQueryOptions(filter), placeholderData: keepPreviousData });
