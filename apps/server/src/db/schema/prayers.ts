import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { journals } from './journals.ts';
import { users } from './users.ts';

export interface MemoryVerse {
  verse: string;
  reference: string;
}

export const prayers = pgTable(
  'prayers',
  {
    id: uuid().primaryKey().defaultRandom(),
    journalId: uuid()
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    content: text().notNull().default(''),
    category: text().notNull(),
    status: text().$type<'pending' | 'answered'>().notNull().default('pending'),
    isPrivate: boolean().notNull().default(true),
    memoryVerse: jsonb().$type<MemoryVerse>(),
    answeredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('prayers_journal_idx').on(t.journalId, t.createdAt, t.id),
    index('prayers_author_idx').on(t.authorId, t.createdAt, t.id),
    index('prayers_author_answered_idx')
      .on(t.authorId, t.answeredAt)
      .where(sql`${t.status} = 'answered'`),
    index('prayers_public_recent_idx')
      .on(t.createdAt)
      .where(sql`${t.isPrivate} = false`),
  ],
);

export const prayerTestimonies = pgTable(
  'prayer_testimonies',
  {
    id: uuid().primaryKey().defaultRandom(),
    prayerId: uuid()
      .notNull()
      .references(() => prayers.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prayer_testimonies_prayer_idx').on(t.prayerId, t.createdAt)],
);

export type ActivityKind =
  'prayer_written' | 'prayer_answered' | 'testimony' | 'prayed_for_request';

/** One row per prayer activity of a user: the source of streaks and activity days. */
export const prayerActivity = pgTable(
  'prayer_activity',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<ActivityKind>().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prayer_activity_user_idx').on(t.userId, t.occurredAt)],
);

/** A public prayer shared with a friend: they may read it even if its journal is private. */
export const prayerShares = pgTable(
  'prayer_shares',
  {
    prayerId: uuid()
      .notNull()
      .references(() => prayers.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.prayerId, t.userId] }),
    index('prayer_shares_user_idx').on(t.userId),
  ],
);

export type PrayerRow = typeof prayers.$inferSelect;
