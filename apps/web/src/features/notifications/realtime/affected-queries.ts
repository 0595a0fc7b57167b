import type { Notification } from '@selah/shared/schemas/notifications';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * What each kind of notification says changed for the person who receives it, as the key
 * prefixes of the features' queries that show it (each feature keys its queries under one
 * prefix: 'prayer-requests', 'prayer-groups', ...; features may not import each other, so the
 * prefixes are named here as in friends/api/invalidate.ts). Issue 29 §3: the page shows what the
 * bell already knows. docs/decisions/059.
 */
const AFFECTED: Record<string, readonly QueryKey[]> = {
  // Requests to and from them, suggestions, search results.
  friend_request: [['friends']],
  // A friendship gives what friends see of each other (requests, journals, prayers, groups).
  friend_accepted: [['friends'], ['prayer-requests'], ['journals'], ['prayers'], ['prayer-groups']],
  // Their journal's member count and its members.
  journal_joined: [['journals'], ['shares']],
  journal_shared: [['journals'], ['prayers']],
  prayer_shared: [['prayers']],
  // Its journal's answered count. (A pray session is read once per round, never again under
  // the user: asking again rotates it.)
  prayer_answered: [['prayers'], ['journals']],
  request_shared: [['prayer-requests']],
  // "N people praying", who is praying, "prayed N times this week".
  request_prayed: [['prayer-requests']],
  request_updated: [['prayer-requests']],
  // Their commitment ended: what is due today on the dashboard changes too.
  request_answered: [['prayer-requests'], ['stats']],
  group_invite: [['prayer-groups']],
  // The group's members, its pending invitations, its member count in every list.
  group_joined: [['prayer-groups']],
  reminder: [],
};

/** The query-key prefixes a notification of `type` affects (none for a type this app does not know). */
export function queriesAffectedBy(type: Notification['type']): readonly QueryKey[] {
  return Object.hasOwn(AFFECTED, type) ? AFFECTED[type]! : [];
}

/**
 * Reads again what the notification says changed (the queries on screen at once, the others
 * when next shown): on its live event, and when it is followed (its page shows the latest).
 */
export function invalidateAffectedQueries(
  queryClient: QueryClient,
  notification: Pick<Notification, 'type'>,
) {
  return Promise.all(
    queriesAffectedBy(notification.type).map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
