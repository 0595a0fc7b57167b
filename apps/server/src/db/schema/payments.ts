import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PaymentStatus } from '@selah/shared/schemas/admin';
import { users } from './users.ts';

export type { PaymentStatus };

/**
 * One row per checkout attempt: the server issues `txRef` and the price before the browser
 * pays; a verified provider transaction fulfils it exactly once (unique provider id). A pending
 * checkout expires after a day (housekeeping). A second successful charge for a checkout that
 * was already paid gets a row of its own (`duplicateOfId`, the same `txRef`), 'needs_refund'
 * until Flutterwave accepts its refund ('refunded').
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text().$type<'premium' | 'ministry'>().notNull(),
    txRef: text().notNull(),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    currency: text().notNull(),
    country: text(),
    status: text().$type<PaymentStatus>().notNull().default('pending'),
    providerTransactionId: text(),
    months: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp({ withTimezone: true }),
    /** The paid checkout this second charge duplicates (null for checkouts). */
    duplicateOfId: uuid().references((): AnyPgColumn => payments.id, { onDelete: 'cascade' }),
    refundAttempts: integer().notNull().default(0),
    refundAttemptedAt: timestamp({ withTimezone: true }),
    refundedAt: timestamp({ withTimezone: true }),
    providerRefundId: text(),
    /** Why the last refund attempt failed (Flutterwave's words or the outage), for operators. */
    refundError: text(),
  },
  (t) => [
    uniqueIndex('payments_tx_ref_key')
      .on(t.txRef)
      .where(sql`${t.duplicateOfId} is null`),
    uniqueIndex('payments_provider_transaction_key').on(t.providerTransactionId),
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_created_idx').on(t.createdAt, t.id),
    index('payments_status_created_idx').on(t.status, t.createdAt, t.id),
    index('payments_duplicate_of_idx').on(t.duplicateOfId),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
