import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { type MailRow, mailOutbox } from '../../db/schema/index.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The mail outbox table. */
export class MailRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async enqueue(mails: OutgoingMail[], tx: DbOrTx = this.db): Promise<void> {
    await tx.insert(mailOutbox).values(mails.map((mail) => ({ ...mail, html: mail.html ?? null })));
  }

  /**
   * Claims up to `limit` due mails by pushing their next attempt into the future, so another
   * process (or a crash mid-send) does not send them twice before the lease runs out.
   */
  async claimDue(limit: number, leaseMs: number): Promise<MailRow[]> {
    return transaction(this.db, async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        // The database's clock, as for the column's default: a mail enqueued a moment ago is due
        // (a JS Date has milliseconds, the default microseconds: it could look just ahead).
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({
          nextAttemptAt: new Date(Date.now() + leaseMs),
          attempts: sql`${mailOutbox.attempts} + 1`,
        })
        .where(
          inArray(
            mailOutbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  async markDone(id: string, status: 'sent' | 'logged'): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({ status, sentAt: new Date(), lastError: null })
      .where(eq(mailOutbox.id, id));
  }

  async markFailedAttempt(id: string, error: string, nextAttemptAt: Date | null): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set(
        nextAttemptAt
          ? { lastError: error.slice(0, 500), nextAttemptAt }
          : { lastError: error.slice(0, 500), status: 'failed' },
      )
      .where(eq(mailOutbox.id, id));
  }
}
