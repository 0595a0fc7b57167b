import type { QueryClient } from '@tanstack/react-query';

/**
 * After any friend action the lists are read again (spec-2 §4): friends, requests both ways,
 * suggestions and search results all live under the 'friends' key. The invite link is kept.
 */
export function invalidateFriendsData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: ['friends'],
    predicate: (query) => query.queryKey[1] !== 'invite-link',
  });
}
