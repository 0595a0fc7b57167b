import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { journals } from './journals.ts';
import { prayerRequests } from './social.ts';
import { users } from './users.ts';

/** How often a prayer is meant to be prayed (issue 20 §2); 'none' = no rhythm. */
export type RhythmKind = 'none' | 'daily' | 'weekdays' | 'weekly' | 'monthly' | 'until';

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
    /** The author's rhythm: when the prayer is due (modules/prayers/rhythm.sql.ts). */
    rhythmKind: text().$type<RhythmKind>().notNull().default('none'),
    /** 'weekly': the days of the week it is due, 0 = Sunday … 6 = Saturday. */
    rhythmDays: smallint().array(),
    /** 'monthly': the day of the month (1-31; the month's last day when it is shorter). */
    rhythmDayOfMonth: smallint(),
    /** 'until': due every day up to and including this local date. */
    rhythmUntil: date({ mode: 'string' }),
    /** Not due, and not in sessions, before this local date. */
    snoozeUntil: date({ mode: 'string' }),
    /** Starred by its author as urgent: after due items, before the rest, in sessions. */
    urgent: boolean().notNull().default(false),
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

export type PrayedSource = 'card' | 'session' | 'push';

/**
 * One "Prayed": who prayed what, when, and on which day of theirs (issue 20 §4). The source of the
 * prayer log, the streak, the rhythm view and "last prayed". Exactly one of prayer and request.
 */
export const prayerEvents = pgTable(
  'prayer_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prayerId: uuid().references(() => prayers.id, { onDelete: 'cascade' }),
    requestId: uuid().references(() => prayerRequests.id, { onDelete: 'cascade' }),
    /** The user's local date it counts for (their time zone when recorded). */
    day: date({ mode: 'string' }).notNull(),
    /** Filled in afterwards ("I prayed yesterday"), at most 7 days back. */
    late: boolean().notNull().default(false),
    source: text().$type<PrayedSource>().notNull().default('card'),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('prayer_events_one_target', sql`(${t.prayerId} is null) <> (${t.requestId} is null)`),
    index('prayer_events_user_day_idx').on(t.userId, t.day),
    index('prayer_events_prayer_idx')
      .on(t.prayerId, t.occurredAt)
      .where(sql`${t.prayerId} is not null`),
    index('prayer_events_request_idx')
      .on(t.requestId, t.occurredAt)
      .where(sql`${t.requestId} is not null`),
  ],
);

/** A dated note on a prayer by its author (what changed, what they sensed). */
export const prayerNotes = pgTable(
  'prayer_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    prayerId: uuid()
      .notNull()
      .references(() => prayers.id, { onDelete: 'cascade' }),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prayer_notes_prayer_idx').on(t.prayerId, t.createdAt)],
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
