import {
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export type PaymentStatus = 'pending' | 'successful' | 'failed';

/**
 * One row per checkout attempt: the server issues `txRef` and the price before the browser
 * pays; a verified provider transaction fulfils it exactly once (unique provider id).
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
  },
  (t) => [
    uniqueIndex('payments_tx_ref_key').on(t.txRef),
    uniqueIndex('payments_provider_transaction_key').on(t.providerTransactionId),
    index('payments_user_idx').on(t.userId, t.createdAt),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
