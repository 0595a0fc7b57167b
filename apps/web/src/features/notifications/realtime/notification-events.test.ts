import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { buildNotification, buildNotificationPage } from '@/testing/notification-factories';
import { notificationsQueryKey } from '../api/get-notifications';
import { unreadCountOf, type NotificationPages } from '../utils/notifications-cache';
import { applyNotificationEvent, toNotificationEvent } from './notification-events';

const older = buildNotification({ createdAt: '2026-03-14T09:00:00.000Z', read: true });
const newer = buildNotification({ createdAt: '2026-03-14T11:00:00.000Z' });

function withCache(pages: NotificationPages['pages']) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData<NotificationPages>(notificationsQueryKey, {
    pages,
    pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index}`)),
  });
  const read = () => queryClient.getQueryData<NotificationPages>(notificationsQueryKey)!;
  const ids = () => read().pages.map((page) => page.data.map((item) => item._id));
  return { queryClient, read, ids };
}

describe('toNotificationEvent', () => {
  it('reads unread and notification events with their stream position', () => {
    expect(
      toNotificationEvent({ type: 'unread', data: '{"unreadCount":4}', lastEventId: '' }),
    ).toEqual({ type: 'unread', unreadCount: 4 });
    expect(
      toNotificationEvent({
        type: 'notification',
        data: JSON.stringify({ notification: newer, unreadCount: 5 }),
        lastEventId: 'pos-9',
      }),
    ).toEqual({ type: 'notification', eventId: 'pos-9', notification: newer, unreadCount: 5 });
  });

  it('ignores unknown events and malformed data', () => {
    for (const message of [
      { type: 'message', data: '{}' },
      { type: 'unread', data: 'not json' },
      { type: 'unread', data: '{"unreadCount":-1}' },
      { type: 'notification', data: '{"notification":{"id":1},"unreadCount":1}' },
    ]) {
      expect(toNotificationEvent({ ...message, lastEventId: '' })).toBeNull();
    }
  });
});

describe('applyNotificationEvent', () => {
  it('puts a new notification at the top and takes the new unread count', () => {
    const { queryClient, read, ids } = withCache([buildNotificationPage([older])]);

    applyNotificationEvent(queryClient, {
      type: 'notification',
      eventId: 'p1',
      notification: newer,
      unreadCount: 1,
    });

    expect(ids()).toEqual([[newer._id, older._id]]);
    expect(unreadCountOf(read())).toBe(1);
  });

  it('never lists a notification twice (a catch-up repeats what the list has)', () => {
    const { queryClient, read, ids } = withCache([
      buildNotificationPage([newer], { nextCursor: 'c1' }),
      buildNotificationPage([older]),
    ]);

    applyNotificationEvent(queryClient, {
      type: 'notification',
      eventId: 'p1',
      notification: { ...older, message: 'Edited' },
      unreadCount: 1,
    });

    expect(ids()).toEqual([[newer._id], [older._id]]);
    expect(read().pages[1]!.data[0]!.message).toBe('Edited');
    expect(read().pages.map((page) => page.unreadCount)).toEqual([1, 1]);
  });

  it('keeps date order when missed notifications arrive oldest first', () => {
    const { queryClient, ids } = withCache([buildNotificationPage([])]);
    const first = buildNotification({ createdAt: '2026-03-14T10:00:00.000Z' });
    const second = buildNotification({ createdAt: '2026-03-14T10:05:00.000Z' });

    for (const notification of [first, second]) {
      applyNotificationEvent(queryClient, {
        type: 'notification',
        eventId: null,
        notification,
        unreadCount: 2,
      });
    }

    expect(ids()).toEqual([[second._id, first._id]]);
  });

  it('takes an unread count that changed elsewhere and reads the list again', async () => {
    const { queryClient, read } = withCache([buildNotificationPage([newer])]);
    let invalidated = false;
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate') invalidated = true;
    });

    applyNotificationEvent(queryClient, { type: 'unread', unreadCount: 1 });
    expect(invalidated).toBe(false);

    applyNotificationEvent(queryClient, { type: 'unread', unreadCount: 0 });
    expect(unreadCountOf(read())).toBe(0);
    await Promise.resolve();
    expect(invalidated).toBe(true);
  });

  it('leaves a list that has not loaded alone', () => {
    const queryClient = new QueryClient();

    applyNotificationEvent(queryClient, {
      type: 'notification',
      eventId: 'p1',
      notification: newer,
      unreadCount: 1,
    });

    expect(queryClient.getQueryData(notificationsQueryKey)).toBeUndefined();
  });
});
