import type { AdminPayment } from '@selah/shared/schemas/admin';
import type { AdminPaymentRow } from './payments.repository.ts';

/** A payment row for the operators' view (GET /api/admin/payments). */
export function presentAdminPayment(row: AdminPaymentRow): AdminPayment {
  const secondCharge = row.duplicateOfId !== null;
  return {
    _id: row.id,
    user: { _id: row.userId, email: row.email, username: row.username },
    plan: row.plan,
    amount: Number(row.amount),
    currency: row.currency,
    country: row.country,
    status: row.status,
    txRef: row.txRef,
    providerTransactionId: row.providerTransactionId,
    duplicateOf: row.duplicateOfId,
    createdAt: row.createdAt.toISOString(),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    refund: secondCharge
      ? {
          attempts: row.refundAttempts,
          refundedAt: row.refundedAt?.toISOString() ?? null,
          providerRefundId: row.providerRefundId,
          error: row.refundError,
        }
      : null,
  };
}
