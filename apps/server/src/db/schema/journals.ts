import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Journals keep precomputed counters (members, prayers, answered; the public share of each) so
 * lists and discover never count rows per journal. Services update them in the same transaction
 * as the change.
 *
 * Indexes are ascending on purpose: `ORDER BY x DESC` (nulls first) is served by scanning an
 * ascending index backwards, whereas a `DESC NULLS LAST` index would not match it.
 */
export const journals = pgTable(
  'journals',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    isPrivate: boolean().notNull().default(true),
    category: text(),
    memberCount: integer().notNull().default(1),
    prayerCount: integer().notNull().default(0),
    answeredCount: integer().notNull().default(0),
    publicPrayerCount: integer().notNull().default(0),
    publicAnsweredCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('journals_owner_idx').on(t.ownerId, t.createdAt),
    index('journals_public_new_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.isPrivate} = false`),
    index('journals_public_popular_idx')
      .on(t.memberCount, t.id)
      .where(sql`${t.isPrivate} = false`),
  ],
);

/** Who belongs to a journal; the owner has a row with role 'owner'. */
export const journalMembers = pgTable(
  'journal_members',
  {
    journalId: uuid()
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().$type<'owner' | 'member'>().notNull().default('member'),
    /**
     * The owner shared the (private) journal with this member: a membership that came from a
     * friendship, which ends with it (docs/decisions/037). False for the owner and for people
     * who joined a public journal themselves.
     */
    viaShare: boolean().notNull().default(false),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.journalId, t.userId] }),
    index('journal_members_user_idx').on(t.userId, t.joinedAt),
    index('journal_members_joined_idx').on(t.joinedAt),
  ],
);

export type JournalRow = typeof journals.$inferSelect;
export type JournalMemberRow = typeof journalMembers.$inferSelect;
