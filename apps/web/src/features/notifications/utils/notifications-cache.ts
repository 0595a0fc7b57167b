import type { Notification, NotificationPage } from '@selah/shared/schemas/notifications';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { notificationsQueryKey } from '../api/get-notifications';

/** The bell's cache entry: the pages loaded so far. */
export type NotificationPages = InfiniteData<NotificationPage, unknown>;

/** The unread count as the server last reported it (every page carries the same value). */
export function unreadCountOf(data: NotificationPages | undefined): number {
  return data?.pages[0]?.unreadCount ?? 0;
}

export function findNotification(
  data: NotificationPages | undefined,
  id: string,
): Notification | undefined {
  for (const page of data?.pages ?? []) {
    const found = page.data.find((item) => item._id === id);
    if (found) return found;
  }
  return undefined;
}

export function withUnreadCount(data: NotificationPages, unreadCount: number): NotificationPages {
  const count = Math.max(0, unreadCount);
  if (data.pages.every((page) => page.unreadCount === count)) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, unreadCount: count })) };
}

const newestFirst = (a: Notification, b: Notification) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt);

/**
 * A notification the stream delivered: replaces the copy already listed, or joins the first
 * page in date order (catch-up after a reconnect sends the missed ones oldest first).
 */
export function insertNotification(
  data: NotificationPages,
  notification: Notification,
  unreadCount: number,
): NotificationPages {
  const listed = findNotification(data, notification._id) !== undefined;
  const pages = listed
    ? data.pages.map((page) => ({
        ...page,
        data: page.data.map((item) => (item._id === notification._id ? notification : item)),
      }))
    : data.pages.map((page, index) =>
        index === 0 ? { ...page, data: [notification, ...page.data].sort(newestFirst) } : page,
      );
  return withUnreadCount({ ...data, pages }, unreadCount);
}

function mapItems(data: NotificationPages, map: (item: Notification) => Notification) {
  return { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map(map) })) };
}

/** The server's copy of a notification the user marked read; one unread fewer if it was. */
export function replaceAsRead(data: NotificationPages, updated: Notification): NotificationPages {
  const before = findNotification(data, updated._id);
  const next = mapItems(data, (item) => (item._id === updated._id ? updated : item));
  const wasUnread = before !== undefined && !before.read && updated.read;
  return wasUnread ? withUnreadCount(next, unreadCountOf(data) - 1) : next;
}

/** Without a deleted notification; one unread fewer if it was unread. */
export function withoutNotification(data: NotificationPages, id: string): NotificationPages {
  const before = findNotification(data, id);
  if (!before) return data;
  const next = {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      data: page.data.filter((item) => item._id !== id),
    })),
  };
  return before.read ? next : withUnreadCount(next, unreadCountOf(data) - 1);
}

/** Everything read, nothing unread. */
export function allRead(data: NotificationPages): NotificationPages {
  const next = mapItems(data, (item) => (item.read ? item : { ...item, read: true }));
  return withUnreadCount(next, 0);
}

/** Applies `update` to the bell's cache entry, if it has been loaded. */
export function updateNotifications(
  queryClient: QueryClient,
  update: (data: NotificationPages) => NotificationPages,
) {
  queryClient.setQueryData<NotificationPages>(notificationsQueryKey, (data) =>
    data ? update(data) : data,
  );
}
