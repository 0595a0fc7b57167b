import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Friendships are stored in both directions, so "my friends" is one indexed lookup. */
export const friendships = pgTable(
  'friendships',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.friendId] }),
    index('friendships_friend_idx').on(t.friendId),
  ],
);

export type FriendRequestStatus = 'pending' | 'accepted' | 'rejected' | 'cancelled';

export const friendRequests = pgTable(
  'friend_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    requesterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().$type<FriendRequestStatus>().notNull().default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // At most one pending request between two people, whichever way it goes.
    uniqueIndex('friend_requests_pending_pair_key')
      .on(
        sql`least(${t.requesterId}, ${t.recipientId})`,
        sql`greatest(${t.requesterId}, ${t.recipientId})`,
      )
      .where(sql`${t.status} = 'pending'`),
    index('friend_requests_recipient_idx').on(t.recipientId, t.status, t.createdAt),
    index('friend_requests_requester_idx').on(t.requesterId, t.status, t.createdAt),
  ],
);

/** E-mail invitations and personal invite links (email null); whoever signs up through one gets a waiting friend request. */
export const friendInvites = pgTable(
  'friend_invites',
  {
    id: uuid().primaryKey().defaultRandom(),
    inviterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text(),
    code: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('friend_invites_code_key').on(t.code),
    index('friend_invites_email_idx').on(t.email),
    index('friend_invites_inviter_idx').on(t.inviterId),
  ],
);

export const prayerRequests = pgTable(
  'prayer_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    creatorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    category: text().notNull(),
    isPrivate: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('prayer_requests_creator_idx').on(t.creatorId, t.createdAt, t.id)],
);

export const prayerRequestShares = pgTable(
  'prayer_request_shares',
  {
    requestId: uuid()
      .notNull()
      .references(() => prayerRequests.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.userId] }),
    index('prayer_request_shares_user_idx').on(t.userId),
  ],
);

/** Who marked themselves as praying for a request. */
export const prayerRequestResponses = pgTable(
  'prayer_request_responses',
  {
    requestId: uuid()
      .notNull()
      .references(() => prayerRequests.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.userId] }),
    index('prayer_request_responses_user_idx').on(t.userId),
  ],
);

export type PrayerRequestRow = typeof prayerRequests.$inferSelect;
export type FriendRequestRow = typeof friendRequests.$inferSelect;
