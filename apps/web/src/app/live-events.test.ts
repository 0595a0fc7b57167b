import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { dashboardStatsQueryOptions } from '@/api/get-dashboard-stats';
import { describe, expect, it } from 'vitest';
import { buildNotification } from '@/testing/notification-factories';
import { friendRequestsQueryOptions } from '@/features/friends/api/get-friend-requests';
import { groupQueryOptions } from '@/features/groups/api/get-group';
import { groupPagesQueryOptions, groupsQueryOptions } from '@/features/groups/api/get-groups';
import { journalsQueryOptions } from '@/api/get-journals';
import { notificationsQueryKey } from '@/features/notifications/api/get-notifications';
import { applyNotificationEvent } from '@/features/notifications/realtime/notification-events';
import { praySessionQueryOptions } from '@/features/practice/api/get-pray-session';
import { prayerRequestQueryOptions } from '@/features/prayer-requests/api/get-prayer-request';
import { prayerRequestsQueryOptions } from '@/features/prayer-requests/api/get-prayer-requests';
import { requestUpdatesQueryOptions } from '@/features/prayer-requests/api/get-request-updates';

/**
 * Issue 29 §3: a live event marks stale every query that shows what it changed, with the keys the
 * features really use (a renamed key fails here), and nothing else.
 */
const REQUEST = '00000000-0000-4000-8000-0000000000a1';
const GROUP = '00000000-0000-4000-8000-0000000000b1';

const keys = {
  myRequests: prayerRequestsQueryOptions({ type: 'myRequests' }).queryKey,
  friendRequests: prayerRequestsQueryOptions({ type: 'friendRequests' }).queryKey,
  request: prayerRequestQueryOptions(REQUEST).queryKey,
  requestUpdates: requestUpdatesQueryOptions(REQUEST).queryKey,
  group: groupQueryOptions(GROUP).queryKey,
  groupsPanel: groupsQueryOptions({ scope: 'mine' }).queryKey,
  groupPages: groupPagesQueryOptions({ scope: 'mine' }).queryKey,
  journals: journalsQueryOptions().queryKey,
  friendInvitations: friendRequestsQueryOptions('incoming').queryKey,
  session: praySessionQueryOptions({ due: false, round: 0 }).queryKey,
  streak: dashboardStatsQueryOptions().queryKey,
} satisfies Record<string, QueryKey>;
type Name = keyof typeof keys;

/** A cache holding every query above, fresh; the names of those a notification event made stale. */
function staleAfter(type: string, link: string | null) {
  const queryClient = new QueryClient();
  for (const key of Object.values(keys) as QueryKey[])
    queryClient.setQueryData(key, { loaded: true });
  queryClient.setQueryData(notificationsQueryKey, { pages: [], pageParams: [] });
  applyNotificationEvent(queryClient, {
    type: 'notification',
    eventId: 'p1',
    notification: buildNotification({ type, link }),
    unreadCount: 1,
  });
  return (Object.keys(keys) as Name[])
    .filter((name) => queryClient.getQueryState(keys[name])?.isInvalidated)
    .sort();
}

describe('a live notification event refreshes what it changed', () => {
  it('a friend committed to my request: the request, its lists and counts', () => {
    expect(staleAfter('request_prayed', '/prayer-requests')).toEqual(
      ['friendRequests', 'myRequests', 'request', 'requestUpdates'].sort(),
    );
  });

  it('a member joined my group: the group (members, pending invitations) and every group list', () => {
    expect(staleAfter('group_joined', `/prayer-groups/${GROUP}`)).toEqual(
      ['group', 'groupPages', 'groupsPanel'].sort(),
    );
  });

  it('a request answered ends my commitment: the requests and what is due, never the running session', () => {
    const stale = staleAfter('request_answered', '/prayer-requests?tab=friendRequests');
    expect(stale).toEqual(
      ['friendRequests', 'myRequests', 'request', 'requestUpdates', 'streak'].sort(),
    );
    expect(stale).not.toContain('session');
  });

  it('a friend request: the friends data only; a reminder or an unknown type: nothing', () => {
    expect(staleAfter('friend_request', '/friends?tab=requests')).toEqual(['friendInvitations']);
    expect(staleAfter('reminder', '/pray?due=1')).toEqual([]);
    expect(staleAfter('something_new', null)).toEqual([]);
  });
});
