import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The stored first answer of a creating request sent with an `Idempotency-Key` (decision 017).
 * Written in the same transaction as the rows the request creates, so both or neither exist;
 * the primary key (user, key) decides between concurrent duplicates.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    /** `POST /api/prayers`: a key reused on another route is refused. */
    scope: text().notNull(),
    /** SHA-256 of the route parameters and the validated body. */
    fingerprint: text().notNull(),
    status: integer().notNull(),
    body: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_expires_at_idx').on(t.expiresAt),
  ],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
