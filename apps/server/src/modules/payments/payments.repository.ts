import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type PaymentRow, payments } from '../../db/schema/index.ts';

/** Checkout attempts and their fulfilment. Queries only. */
export class PaymentsRepository {
  private readonly db: DbOrTx;

  constructor(db: DbOrTx) {
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

  async findByTxRef(txRef: string, tx: DbOrTx = this.db): Promise<PaymentRow | null> {
    const [row] = await tx.select().from(payments).where(eq(payments.txRef, txRef)).limit(1);
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
   * Marks a pending payment paid by `providerTransactionId`. Only one caller can win: the
   * update is conditional on the row still being pending (and the provider id is unique).
   * @returns false when the payment was no longer pending.
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
      .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
      .returning({ id: payments.id });
    return rows.length > 0;
  }
}
