import { describe, expect, it } from 'vitest';
import { buildNotification, buildNotificationPage } from '@/testing/notification-factories';
import {
  allRead,
  replaceAsRead,
  unreadCountOf,
  withoutNotification,
  type NotificationPages,
} from './notifications-cache';

const unread = buildNotification();
const read = buildNotification({ read: true });
const data = (): NotificationPages => ({
  pages: [
    buildNotificationPage([unread], { nextCursor: 'c1', unreadCount: 5 }),
    buildNotificationPage([read], { unreadCount: 5 }),
  ],
  pageParams: [null, 'c1'],
});

describe('notifications cache', () => {
  it('counts one unread fewer when an unread notification is marked read, and only then', () => {
    const once = replaceAsRead(data(), { ...unread, read: true });
    expect(unreadCountOf(once)).toBe(4);
    expect(once.pages.map((page) => page.unreadCount)).toEqual([4, 4]);
    expect(once.pages[0]!.data[0]!.read).toBe(true);

    expect(unreadCountOf(replaceAsRead(once, { ...unread, read: true }))).toBe(4);
    expect(unreadCountOf(replaceAsRead(data(), read))).toBe(5);
  });

  it('removes a deleted notification from its page; the count drops only if it was unread', () => {
    const withoutRead = withoutNotification(data(), read._id);
    expect(withoutRead.pages[1]!.data).toEqual([]);
    expect(unreadCountOf(withoutRead)).toBe(5);

    expect(unreadCountOf(withoutNotification(data(), unread._id))).toBe(4);
    expect(withoutNotification(data(), 'unknown')).toEqual(data());
  });

  it('marks everything read with no unread left', () => {
    const result = allRead(data());
    expect(result.pages.flatMap((page) => page.data).every((item) => item.read)).toBe(true);
    expect(unreadCountOf(result)).toBe(0);
  });

  it('never counts below zero', () => {
    const zero: NotificationPages = {
      pages: [buildNotificationPage([unread], { unreadCount: 0 })],
      pageParams: [null],
    };
    expect(unreadCountOf(withoutNotification(zero, unread._id))).toBe(0);
  });
});
