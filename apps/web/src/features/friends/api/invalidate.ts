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

/**
 * Other features' data a friendship gave (their key prefixes): journals (memberships that came
 * from a share), prayers and prayer requests shared between the two, group invitations, and who
 * a journal or a prayer is shared with.
 */
const FRIENDSHIP_DATA = ['journals', 'prayers', 'prayer-requests', 'prayer-groups', 'shares'];

/**
 * After a friendship ends, so does what it gave each of them (the server ends shares and group
 * invitations between the two in the same transaction): every list that showed any of it is read
 * again.
 */
export function invalidateAfterFriendshipEnded(queryClient: QueryClient) {
  return Promise.all(
    FRIENDSHIP_DATA.map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
  );
}
