import {
  NotificationPageSchema,
  NotificationSchema,
  type Notification,
  type NotificationPage,
} from '@selah/shared/schemas/notifications';

let sequence = 0;

/** A notification as the API presents it (an unread friend request by default). */
export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  sequence += 1;
  const id = overrides._id ?? `80000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return NotificationSchema.parse({
    _id: id,
    id,
    type: 'friend_request',
    message: 'Peter Jones sent you a friend request.',
    link: '/friends?tab=requests',
    read: false,
    createdAt: '2026-03-14T10:00:00.000Z',
    ...overrides,
  });
}

/** GET /notifications: a page with the unread count of the listed items unless given. */
export function buildNotificationPage(
  data: Notification[] = [],
  overrides: Partial<NotificationPage> = {},
): NotificationPage {
  return NotificationPageSchema.parse({
    data,
    nextCursor: null,
    unreadCount: data.filter((item) => !item.read).length,
    ...overrides,
  });
}

/** The stream position the server gives a notification (`id:` of its event). */
export const eventIdOf = (notification: Notification) =>
  `${notification.createdAt}_${notification._id}`;
