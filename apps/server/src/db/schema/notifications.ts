import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './sessions.ts';
import { users } from './users.ts';

export type NotificationType =
  | 'friend_request'
  | 'friend_accepted'
  | 'journal_joined'
  | 'journal_shared'
  | 'prayer_shared'
  | 'request_shared'
  | 'request_prayed'
  | 'request_updated'
  | 'request_answered'
  | 'prayer_answered'
  | 'group_invite'
  | 'group_joined'
  | 'reminder';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    type: text().$type<NotificationType>().notNull(),
    message: text().notNull(),
    link: text(),
    read: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt, t.id)],
);

export type NotificationRow = typeof notifications.$inferSelect;

/** Web Push subscriptions of a user's browsers, each tied to the session that made it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Ending the session removes the subscription (revoked: at once; purged: by cascade). */
    sessionId: uuid().references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
