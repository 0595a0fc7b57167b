import { NotificationSchema, type Notification } from '@selah/shared/schemas/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { notificationsQueryKey } from '../api/get-notifications';
import {
  insertNotification,
  unreadCountOf,
  updateNotifications,
  withUnreadCount,
  type NotificationPages,
} from '../utils/notifications-cache';
import { invalidateAffectedQueries } from './affected-queries';
import type { ServerSentEvent } from './sse-parser';

/** `event: unread`: the unread count changed (read, deleted, or on connecting). */
const UnreadPayloadSchema = z.object({ unreadCount: z.number().int().min(0) });
/** `event: notification` (with `id: <position>`): a new notification and the new count. */
const NotificationPayloadSchema = z.object({
  notification: NotificationSchema,
  unreadCount: z.number().int().min(0),
});

export type NotificationStreamEvent =
  | { type: 'unread'; unreadCount: number }
  | {
      type: 'notification';
      /** The stream position, sent back as `Last-Event-ID` to resume after it. */
      eventId: string | null;
      notification: Notification;
      unreadCount: number;
    };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The typed event of a stream message, or null for anything unknown or malformed. */
export function toNotificationEvent(message: ServerSentEvent): NotificationStreamEvent | null {
  const payload = parseJson(message.data);
  if (message.type === 'unread') {
    const parsed = UnreadPayloadSchema.safeParse(payload);
    return parsed.success ? { type: 'unread', unreadCount: parsed.data.unreadCount } : null;
  }
  if (message.type === 'notification') {
    const parsed = NotificationPayloadSchema.safeParse(payload);
    if (!parsed.success) return null;
    return {
      type: 'notification',
      eventId: message.lastEventId || null,
      notification: parsed.data.notification,
      unreadCount: parsed.data.unreadCount,
    };
  }
  return null;
}

/**
 * Writes a stream event into the bell's cache: a new notification joins the list; a changed
 * count that this tab did not cause (another tab or device read or deleted something) also
 * reads the list again, since only the server knows which items changed. A new notification
 * also marks stale what it says changed (`invalidateAffectedQueries`): the page shows what the
 * bell knows.
 */
export function applyNotificationEvent(queryClient: QueryClient, event: NotificationStreamEvent) {
  if (event.type === 'notification')
    void invalidateAffectedQueries(queryClient, event.notification);
  const data = queryClient.getQueryData<NotificationPages>(notificationsQueryKey);
  if (!data) {
    // A list that failed to load gets another chance now that the server is reachable.
    if (queryClient.getQueryState(notificationsQueryKey)?.status === 'error') {
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    }
    return;
  }
  if (event.type === 'notification') {
    updateNotifications(queryClient, (pages) =>
      insertNotification(pages, event.notification, event.unreadCount),
    );
    return;
  }
  if (unreadCountOf(data) === event.unreadCount) return;
  updateNotifications(queryClient, (pages) => withUnreadCount(pages, event.unreadCount));
  void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
}
