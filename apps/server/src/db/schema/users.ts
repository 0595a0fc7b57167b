import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationPreferences, UserSettings } from '@selah/shared/schemas/auth';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored lower-cased: e-mail is compared case-insensitively. */
    email: text().notNull(),
    emailVerified: boolean().notNull().default(false),
    passwordHash: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    username: text().notNull(),
    role: text().notNull().default('user'),
    profilePicture: text(),
    bio: text().notNull().default(''),
    language: text().notNull().default('en'),
    /** The paid plan and when it lapses; past `planExpiresAt` the user is on Free again. */
    plan: text().$type<'free' | 'premium' | 'ministry'>().notNull().default('free'),
    planExpiresAt: timestamp({ withTimezone: true }),
    settings: jsonb().$type<UserSettings>().notNull(),
    notificationPreferences: jsonb().$type<NotificationPreferences>().notNull(),
    lastActiveAt: timestamp({ withTimezone: true }),
    /** Daily reminder time, 'HH:MM' in the user's time zone; null = no reminder time chosen. */
    reminderTime: text(),
    /** The user's local date of the last reminder sent (once a day, across processes). */
    reminderLastSentOn: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(t.username),
    index('users_created_at_idx').on(t.createdAt),
    index('users_reminder_idx')
      .on(t.reminderTime)
      .where(sql`${t.reminderTime} is not null`),
  ],
);

/** External sign-in identities, keyed on the issuer and its `sub` (never on e-mail). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text().notNull(),
    subject: text().notNull(),
    email: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_identities_issuer_subject_key').on(t.issuer, t.subject),
    index('user_identities_user_id_idx').on(t.userId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export const lowerEmail = sql`lower(${users.email})`;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value: Buffer | Uint8Array) => Buffer.from(value),
});

/**
 * Profile photos, kept in the database so every process serves them. Each upload gets a new
 * random `key`: the photo's URL (`/api/avatars/{key}`) cannot be guessed from the user's id, and
 * a new photo has a new URL (docs/decisions/038).
 */
export const userAvatars = pgTable('user_avatars', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  key: text()
    .notNull()
    .unique('user_avatars_key_key')
    .default(sql`replace(gen_random_uuid()::text, '-', '')`),
  contentType: text().notNull(),
  data: bytea().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
