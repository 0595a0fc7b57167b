import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  date,
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
    /** Answered by its creator, with a testimony; commitments to it end then. */
    status: text().$type<'pending' | 'answered'>().notNull().default('pending'),
    answeredAt: timestamp({ withTimezone: true }),
    testimony: text(),
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

export type CommitmentCadence = 'once' | 'daily7' | 'untilAnswered';

/**
 * Who committed to pray for a request ("I'm Praying", issue 20 §3), and how: once (ends after
 * the first Prayed), daily for 7 days (to `endsOn`, the committer's local date), or until
 * answered. A commitment runs while `endedAt` is null (and, for daily7, up to `endsOn`).
 */
export const prayerRequestResponses = pgTable(
  'prayer_request_responses',
  {
    requestId: uuid()
      .notNull()
      .references(() => prayerRequests.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cadence: text().$type<CommitmentCadence>().notNull().default('once'),
    endsOn: date({ mode: 'string' }),
    endedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.userId] }),
    index('prayer_request_responses_user_idx').on(t.userId),
  ],
);

/** An update its creator posted on a request; everyone committed is notified. */
export const prayerRequestUpdates = pgTable(
  'prayer_request_updates',
  {
    id: uuid().primaryKey().defaultRandom(),
    requestId: uuid()
      .notNull()
      .references(() => prayerRequests.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prayer_request_updates_request_idx').on(t.requestId, t.createdAt)],
);

export type PrayerRequestRow = typeof prayerRequests.$inferSelect;
export type FriendRequestRow = typeof friendRequests.$inferSelect;
