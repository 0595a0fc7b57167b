import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export type MailStatus = 'pending' | 'sent' | 'logged' | 'failed';

/** Mail is written here inside the request and sent later by the outbox worker. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    status: text().$type<MailStatus>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export type MailRow = typeof mailOutbox.$inferSelect;
