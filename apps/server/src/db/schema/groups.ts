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
import { journals } from './journals.ts';
import { users } from './users.ts';

export const prayerGroups = pgTable(
  'prayer_groups',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text().notNull(),
    isPublic: boolean().notNull().default(true),
    journalId: uuid()
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    creatorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberCount: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('prayer_groups_public_idx')
      .on(t.createdAt)
      .where(sql`${t.isPublic} = true`),
    index('prayer_groups_journal_idx').on(t.journalId),
  ],
);

export type GroupRole = 'admin' | 'member';

export const prayerGroupMembers = pgTable(
  'prayer_group_members',
  {
    groupId: uuid()
      .notNull()
      .references(() => prayerGroups.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().$type<GroupRole>().notNull().default('member'),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('prayer_group_members_user_idx').on(t.userId),
  ],
);

/** Invitations to private groups; accepting one is joining. */
export const prayerGroupInvites = pgTable(
  'prayer_group_invites',
  {
    groupId: uuid()
      .notNull()
      .references(() => prayerGroups.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('prayer_group_invites_user_idx').on(t.userId),
  ],
);

export type PrayerGroupRow = typeof prayerGroups.$inferSelect;
