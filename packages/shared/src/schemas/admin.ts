import { z } from 'zod';
import { PageQuerySchema, pageOf } from './common.ts';
import { PaidPlanIdSchema } from './billing.ts';

/**
 * A payment's state: `pending` (checkout started, not paid yet), `expired` (never confirmed
 * within a day; a late confirmation is still honoured), `successful` (verified and given),
 * `needs_refund` (a second charge for a checkout already paid: no value given, to be refunded),
 * `refunded` (Flutterwave accepted its refund).
 */
export const PAYMENT_STATUSES = [
  'pending',
  'expired',
  'successful',
  'needs_refund',
  'refunded',
] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/** GET /api/admin/payments: newest first, optionally one status only. */
export const AdminPaymentQuerySchema = PageQuerySchema.extend({
  status: z.enum(PAYMENT_STATUSES, { error: 'Unknown payment status.' }).optional(),
});
export type AdminPaymentQuery = z.infer<typeof AdminPaymentQuerySchema>;

/** A payment as the operators' view shows it (never card details: Selah has none). */
export const AdminPaymentSchema = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string(), email: z.string(), username: z.string() }),
  plan: PaidPlanIdSchema,
  /** In `currency`, as priced at checkout (for a second charge: as charged). */
  amount: z.number(),
  /** ISO 4217; a second charge is recorded in whatever currency it was made in. */
  currency: z.string(),
  country: z.string().nullable(),
  status: PaymentStatusSchema,
  txRef: z.string(),
  /** Flutterwave's transaction id, once a transaction was verified. */
  providerTransactionId: z.string().nullable(),
  /** For a second charge: the id of the payment it duplicates. */
  duplicateOf: z.string().nullable(),
  createdAt: z.string(),
  verifiedAt: z.string().nullable(),
  refund: z
    .object({
      attempts: z.number().int(),
      refundedAt: z.string().nullable(),
      providerRefundId: z.string().nullable(),
      /** Why the last attempt failed; null when none did. */
      error: z.string().nullable(),
    })
    .nullable(),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;

export const AdminPaymentPageSchema = pageOf(AdminPaymentSchema);
export type AdminPaymentPage = z.infer<typeof AdminPaymentPageSchema>;
