import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type PaymentRow, type PaymentStatus, payments, users } from '../../db/schema/index.ts';

/** Statuses a checkout can be fulfilled from: a late confirmation of an expired one counts. */
const FULFILLABLE: PaymentStatus[] = ['pending', 'expired'];

export type AdminPaymentRow = PaymentRow & { email: string; username: string };

/** Checkout attempts, their fulfilment, second charges and their refunds. Queries only. */
export class PaymentsRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async insertPending(
    values: Pick<
      typeof payments.$inferInsert,
      'userId' | 'plan' | 'txRef' | 'amount' | 'currency' | 'country' | 'createdAt'
    >,
    tx: DbOrTx = this.db,
  ): Promise<PaymentRow> {
    const [row] = await tx
      .insert(payments)
      .values({ ...values, status: 'pending', months: 1 })
      .returning();
    return row!;
  }

  /** The checkout that issued `txRef` (not a second charge made with it). */
  async findByTxRef(txRef: string, tx: DbOrTx = this.db): Promise<PaymentRow | null> {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.txRef, txRef), isNull(payments.duplicateOfId)))
      .limit(1);
    return row ?? null;
  }

  async findByProviderTransactionId(
    providerTransactionId: string,
    tx: DbOrTx = this.db,
  ): Promise<PaymentRow | null> {
    const [row] = await tx
      .select()
      .from(payments)
      .where(eq(payments.providerTransactionId, providerTransactionId))
      .limit(1);
    return row ?? null;
  }

  /**
   * Marks a pending (or expired) checkout paid by `providerTransactionId`. Only one caller can
   * win: the update is conditional on the row's status (and the provider id is unique).
   * @returns false when the payment was no longer waiting for its payment.
   */
  async markSuccessful(
    id: string,
    providerTransactionId: string,
    verifiedAt: Date,
    tx: DbOrTx = this.db,
  ): Promise<boolean> {
    const rows = await tx
      .update(payments)
      .set({ status: 'successful', providerTransactionId, verifiedAt })
      .where(and(eq(payments.id, id), inArray(payments.status, FULFILLABLE)))
      .returning({ id: payments.id });
    return rows.length > 0;
  }

  /**
   * Records a second successful charge for the paid checkout `original`, as needing a refund.
   * @returns the new row, or null when this provider transaction is already recorded.
   */
  async insertSecondCharge(
    original: PaymentRow,
    charge: { providerTransactionId: string; amount: string; currency: string; verifiedAt: Date },
    tx: DbOrTx = this.db,
  ): Promise<PaymentRow | null> {
    const [row] = await tx
      .insert(payments)
      .values({
        userId: original.userId,
        plan: original.plan,
        txRef: original.txRef,
        country: original.country,
        months: 0,
        status: 'needs_refund',
        duplicateOfId: original.id,
        createdAt: charge.verifiedAt,
        ...charge,
      })
      .onConflictDoNothing({ target: payments.providerTransactionId })
      .returning();
    return row ?? null;
  }

  /**
   * Takes a second charge for one refund attempt, unless another attempt started after
   * `staleBefore` (another process, or a request racing housekeeping).
   * @returns the row, or null when it is not (or no longer) waiting for a refund attempt.
   */
  async claimRefund(id: string, now: Date, staleBefore: Date): Promise<PaymentRow | null> {
    const [row] = await this.db
      .update(payments)
      .set({
        refundAttempts: sql`${payments.refundAttempts} + 1`,
        refundAttemptedAt: now,
      })
      .where(
        and(
          eq(payments.id, id),
          eq(payments.status, 'needs_refund'),
          or(isNull(payments.refundAttemptedAt), lt(payments.refundAttemptedAt, staleBefore)),
        ),
      )
      .returning();
    return row ?? null;
  }

  async markRefunded(id: string, providerRefundId: string, refundedAt: Date): Promise<void> {
    await this.db
      .update(payments)
      .set({ status: 'refunded', providerRefundId, refundedAt, refundError: null })
      .where(and(eq(payments.id, id), eq(payments.status, 'needs_refund')));
  }

  /** Notes why a refund attempt failed; `attempts` also sets the count (no more retries). */
  async noteRefundError(id: string, error: string, attempts?: number): Promise<void> {
    await this.db
      .update(payments)
      .set({ refundError: error, ...(attempts === undefined ? {} : { refundAttempts: attempts }) })
      .where(eq(payments.id, id));
  }

  /** Second charges whose refund is still to be tried (fewer than `maxAttempts` so far). */
  async refundsToRetry(
    maxAttempts: number,
    staleBefore: Date,
    limit: number,
  ): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, 'needs_refund'),
          lt(payments.refundAttempts, maxAttempts),
          or(isNull(payments.refundAttemptedAt), lt(payments.refundAttemptedAt, staleBefore)),
        ),
      )
      .orderBy(payments.createdAt)
      .limit(limit);
  }

  /** Pending checkouts started before `before` become expired. @returns how many. */
  async expirePending(before: Date): Promise<number> {
    const rows = await this.db
      .update(payments)
      .set({ status: 'expired' })
      .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, before)))
      .returning({ id: payments.id });
    return rows.length;
  }

  /** Every payment, newest first, with its user's e-mail and username (keyset pages). */
  async page(opts: {
    after: readonly [Date, string] | null;
    limit: number;
    status: PaymentStatus | undefined;
  }): Promise<AdminPaymentRow[]> {
    const rows = await this.db
      .select({ payment: payments, email: users.email, username: users.username })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(
        and(
          opts.status ? eq(payments.status, opts.status) : undefined,
          opts.after
            ? or(
                lt(payments.createdAt, opts.after[0]),
                and(eq(payments.createdAt, opts.after[0]), lt(payments.id, opts.after[1])),
              )
            : undefined,
        ),
      )
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(opts.limit);
    return rows.map((r) => ({ ...r.payment, email: r.email, username: r.username }));
  }

  // --- The user's data: the account's export, Clear Data and deletion ask each module ------

  /** The user's payments, as their export shows them. */
  async paidBy(userId: string) {
    return this.db
      .select({
        plan: payments.plan,
        amount: payments.amount,
        currency: payments.currency,
        status: payments.status,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.userId, userId));
  }
}
