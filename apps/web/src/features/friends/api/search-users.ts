import { UserSearchListSchema } from '@selah/shared/schemas/friends';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const searchUsers = (q: string, signal?: AbortSignal) =>
  api.get('/search/search', {
    query: { q, type: 'users' },
    schema: UserSearchListSchema,
    ...(signal ? { signal } : {}),
  });

/** Users matching a name, username or e-mail, each with the searcher's relation to them. */
export const userSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['friends', 'search', q],
    queryFn: ({ signal }) => searchUsers(q, signal),
    select: (result) => result.data,
    meta: { errorMessage: 'Failed to search for users. Please try again.' },
  });

/** Searches once `q` is not blank; the previous results stay while the next ones load. */
export const useUserSearch = (q: string) =>
  useQuery({
    ...userSearchQueryOptions(q),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
