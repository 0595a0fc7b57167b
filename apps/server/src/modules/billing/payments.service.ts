import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  Checkout,
  PaidPlanId,
  Pricing,
  PurchasePreview,
  SubscribeResponse,
} from '@selah/shared/schemas/billing';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { PaymentRow, UserRow } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import type { AdminPaymentPage, AdminPaymentQuery } from '@selah/shared/schemas/admin';
import { AppError, badRequest, conflict } from '../../lib/app-error.ts';
import { CREATED_AT_ID, cursorPage, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import type { CountryResolver } from './country.ts';
import {
  amountToCents,
  centsToAmount,
  isPaidPlan,
  PAYMENT_METHODS,
  PLAN_NAMES,
  planPrices,
  priceFor,
} from './plan-catalogue.ts';
import type { PlanAfterPurchase } from './plan-purchase.ts';
import type { PlansService } from './plans.service.ts';
import {
  type FlutterwaveClient,
  PaymentProviderUnavailable,
  type RefundOutcome,
  type VerifiedTransaction,
} from './flutterwave.ts';
import { presentAdminPayment } from './payments.presenter.ts';
import { PaymentsRepository } from './payments.repository.ts';

export const UPGRADED_MESSAGE = 'Your plan has been upgraded.';
export const NOT_SET_UP_MESSAGE = 'Payments are not set up on this server.';
export const NOT_CONFIRMED_MESSAGE =
  'We could not confirm your payment yet. If you were charged, your plan will be upgraded as soon as the payment provider confirms it; please try again in a minute.';
const NOT_VERIFIED_MESSAGE = 'We could not verify this payment.';
const DAY_MS = 24 * 60 * 60 * 1000;
export const SECOND_CHARGE_TO_REFUND =
  'This checkout was already paid, so this second payment gives nothing more: it will be refunded.';
export const SECOND_CHARGE_REFUNDED =
  'This checkout was already paid, so this second payment gives nothing more: it has been refunded.';
/** A checkout not paid within a day is expired by housekeeping (a late payment still counts). */
export const PENDING_LIFETIME_MS = DAY_MS;
/** A refund attempt is not repeated sooner than this (housekeeping runs hourly). */
const REFUND_RETRY_MS = 30 * 60 * 1000;
/** Refunds that failed for an outage are tried at most this many times in all. */
export const MAX_REFUND_ATTEMPTS = 5;

/** Payment verification attempts per user per minute (quality guide's rate-limit anchors). */
export const PAYMENT_VERIFY_LIMIT = { name: 'payment-verify', points: 10, durationSeconds: 60 };
/** Checkout attempts (each creates a pending payment) per user per minute. */
export const PAYMENT_CHECKOUT_LIMIT = { name: 'payment-checkout', points: 10, durationSeconds: 60 };

export interface PaymentsServiceDeps {
  db: Db;
  plans: PlansService;
  country: CountryResolver;
  /** Null when the Flutterwave keys are not configured. */
  provider: FlutterwaveClient | null;
  publicKey: string | undefined;
  webhookHash: string | undefined;
  checkoutScriptUrl: string;
  limiters: { verify: Limiter; checkout: Limiter };
  now: () => Date;
}

type Outcome =
  | { kind: 'fulfilled'; payment: PaymentRow; result: PlanAfterPurchase }
  | { kind: 'already'; payment: PaymentRow }
  /** A second charge for a checkout already paid: recorded, no value given, refunded. */
  | { kind: 'second_charge'; payment: PaymentRow };

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * Plan payments through Flutterwave (decisions §2, quality row 31). The server prices every
 * checkout and issues its `tx_ref`; value is given only for a transaction that Flutterwave's
 * verify endpoint reports successful, with that `tx_ref`, at least the price and the same
 * currency. Fulfilment happens once per payment and once per provider transaction, in one
 * database transaction, whether the browser or the webhook gets there first; the plans module
 * decides what it gives (ADR 041). A second charge for a paid checkout is recorded and
 * refunded; housekeeping expires unpaid checkouts and retries refunds.
 */
export class PaymentsService {
  private readonly repo: PaymentsRepository;
  private readonly deps: PaymentsServiceDeps;

  constructor(deps: PaymentsServiceDeps) {
    this.deps = deps;
    this.repo = new PaymentsRepository(deps.db);
  }

  get enabled(): boolean {
    return Boolean(this.deps.provider && this.deps.publicKey);
  }

  /**
   * Every plan's price for the visitor's country, computed here, with what buying each paid
   * plan now would give this user (its end date and any time converted between plans).
   */
  async pricing(user: UserRow, client: ClientInfo): Promise<Pricing> {
    const country = await this.deps.country.resolve(client);
    return {
      country,
      currency: priceFor('premium', country).currency,
      plans: planPrices(country).map((price) => ({
        ...price,
        purchase: isPaidPlan(price.id) ? this.preview(user, price.id, country) : null,
      })),
      paymentsEnabled: this.enabled,
      paymentMethods: PAYMENT_METHODS,
      checkoutScriptUrl: this.enabled ? this.deps.checkoutScriptUrl : null,
    };
  }

  private preview(user: UserRow, plan: PaidPlanId, country: string | null): PurchasePreview {
    const result = this.deps.plans.previewPurchase(user, { plan, months: 1, country });
    return {
      plan: result.plan,
      expiresAt: result.expiresAt.toISOString(),
      kind: result.kind,
      convertedDays: Math.round(result.convertedMs / DAY_MS),
    };
  }

  private assertEnabled(): FlutterwaveClient {
    // 400, not 5xx: nothing is wrong with the server and retrying will not help.
    if (!this.enabled || !this.deps.provider) throw badRequest(NOT_SET_UP_MESSAGE);
    return this.deps.provider;
  }

  /** Starts a checkout: a pending payment with a fresh `tx_ref` and the server's price. */
  async checkout(
    user: UserRow,
    plan: PaidPlanId,
    client: ClientInfo,
    log: FastifyBaseLogger,
  ): Promise<Checkout> {
    this.assertEnabled();
    await this.deps.limiters.checkout.consume(
      user.id,
      'Too many checkout attempts. Please wait a minute and try again.',
    );
    const country = await this.deps.country.resolve(client);
    const price = priceFor(plan, country);
    const payment = await this.repo.insertPending({
      userId: user.id,
      plan,
      txRef: `selah-${randomBytes(16).toString('hex')}`,
      amount: centsToAmount(price.cents).toFixed(2),
      currency: price.currency,
      country,
      createdAt: this.deps.now(),
    });
    log.info(
      { userId: user.id, paymentId: payment.id, plan, currency: price.currency, event: 'checkout' },
      'payment checkout started',
    );
    return {
      txRef: payment.txRef,
      plan,
      amount: centsToAmount(price.cents),
      currency: price.currency,
      publicKey: this.deps.publicKey!,
      paymentOptions: PAYMENT_METHODS,
      customer: { email: user.email, name: user.username },
      customizations: {
        title: 'Selah',
        description: `Selah ${PLAN_NAMES[plan]}, 1 month`,
      },
    };
  }

  /**
   * The browser's confirmation after Flutterwave's checkout (spec-2 §7). The client's amount is
   * ignored: only the verified transaction counts.
   */
  async subscribe(
    user: UserRow,
    input: { plan: PaidPlanId; transactionId: string },
    log: FastifyBaseLogger,
  ): Promise<SubscribeResponse> {
    const provider = this.assertEnabled();
    await this.deps.limiters.verify.consume(
      user.id,
      'Too many payment checks. Please wait a minute and try again.',
    );
    const outcome = await this.confirm(
      provider,
      input.transactionId,
      { userId: user.id, plan: input.plan },
      log,
    );
    return this.answer(outcome);
  }

  /** The plan as it stands after a fulfilment (read back, so a replay answers the same). */
  private async answer(outcome: Outcome): Promise<SubscribeResponse> {
    if (outcome.kind === 'second_charge') {
      throw conflict(
        outcome.payment.status === 'refunded' ? SECOND_CHARGE_REFUNDED : SECOND_CHARGE_TO_REFUND,
      );
    }
    if (outcome.kind === 'fulfilled') {
      return {
        message: UPGRADED_MESSAGE,
        plan: outcome.result.plan,
        expiresAt: outcome.result.expiresAt.toISOString(),
      };
    }
    const row = await this.deps.plans.planOf(outcome.payment.userId);
    return {
      message: UPGRADED_MESSAGE,
      plan: row ? this.deps.plans.effectivePlan(row) : outcome.payment.plan,
      expiresAt: row?.planExpiresAt?.toISOString() ?? null,
    };
  }

  /** True when `header` is the configured webhook secret (compared in constant time). */
  webhookHashMatches(header: string | string[] | undefined): boolean {
    const expected = this.deps.webhookHash;
    if (!expected || typeof header !== 'string') return false;
    return timingSafeEqual(sha256(header), sha256(expected));
  }

  /**
   * Flutterwave's webhook, for payments whose browser never came back. The body only names a
   * transaction id; everything else comes from verifying that id.
   * @returns what happened, for the log and the test.
   * @throws AppError SERVICE_UNAVAILABLE when the provider could not confirm (Flutterwave retries).
   */
  async webhook(
    transactionId: string | null,
    log: FastifyBaseLogger,
  ): Promise<Outcome['kind'] | 'ignored'> {
    if (!transactionId || !this.enabled || !this.deps.provider) {
      log.info({ event: 'payment_webhook', outcome: 'ignored' }, 'payment webhook ignored');
      return 'ignored';
    }
    try {
      const outcome = await this.confirm(this.deps.provider, transactionId, null, log);
      return outcome.kind;
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return 'ignored';
      throw error;
    }
  }

  /**
   * Verifies `transactionId` with Flutterwave and fulfils the payment it belongs to.
   * @param expected the user and plan the browser claims; null for the webhook.
   */
  private async confirm(
    provider: FlutterwaveClient,
    transactionId: string,
    expected: { userId: string; plan: PaidPlanId } | null,
    log: FastifyBaseLogger,
  ): Promise<Outcome> {
    const context = {
      userId: expected?.userId,
      providerTransactionId: transactionId,
      event: expected ? 'payment_subscribe' : 'payment_webhook',
    };
    // A transaction already fulfilled needs no second call to the provider.
    const known = await this.repo.findByProviderTransactionId(transactionId);
    if (known) return this.alreadyFulfilled(known, expected, context, log);

    let verified: VerifiedTransaction | null;
    try {
      verified = await provider.verify(transactionId);
    } catch (error) {
      if (!(error instanceof PaymentProviderUnavailable)) throw error;
      log.warn(
        { ...context, outcome: 'provider_unavailable', reason: error.message },
        'payment not confirmed: provider unavailable',
      );
      throw new AppError('SERVICE_UNAVAILABLE', NOT_CONFIRMED_MESSAGE, {
        headers: { 'retry-after': '30' },
      });
    }
    const reject = (outcome: string, message: string, extra: Record<string, unknown> = {}) => {
      log.warn({ ...context, ...extra, outcome }, 'payment rejected');
      return badRequest(message);
    };
    if (!verified) throw reject('unknown_transaction', NOT_VERIFIED_MESSAGE);
    if (verified.status !== 'successful') {
      throw reject(
        'not_successful',
        'This payment has not succeeded. If you completed it, please try again in a minute.',
        { providerStatus: verified.status },
      );
    }
    const payment = await this.repo.findByTxRef(verified.txRef);
    if (!payment || (expected && payment.userId !== expected.userId)) {
      throw reject('foreign_tx_ref', NOT_VERIFIED_MESSAGE, { paymentId: payment?.id });
    }
    const paymentContext = { paymentId: payment.id, userId: payment.userId };
    if (payment.status === 'successful') {
      if (payment.providerTransactionId === transactionId) {
        return this.alreadyFulfilled(payment, expected, context, log);
      }
      return this.secondCharge(payment, verified, context, log);
    }
    if (expected && payment.plan !== expected.plan) {
      throw reject('other_plan', `This payment was for the ${PLAN_NAMES[payment.plan]} plan.`, {
        ...paymentContext,
      });
    }
    if (verified.currency !== payment.currency) {
      throw reject('wrong_currency', 'The payment currency does not match the price.', {
        ...paymentContext,
        currency: verified.currency,
        expectedCurrency: payment.currency,
      });
    }
    const expectedCents = amountToCents(Number(payment.amount));
    if (verified.amountCents < expectedCents) {
      throw reject('amount_too_low', 'The amount paid is less than the price of the plan.', {
        ...paymentContext,
        amountCents: verified.amountCents,
        expectedCents,
      });
    }
    let result: PlanAfterPurchase | null;
    try {
      result = await transaction(this.deps.db, async (tx) => {
        const now = this.deps.now();
        const won = await this.repo.markSuccessful(payment.id, transactionId, now, tx);
        if (!won) return null;
        return this.deps.plans.applyPurchase(
          payment.userId,
          { plan: payment.plan, months: payment.months, country: payment.country },
          tx,
        );
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      result = null;
    }
    if (!result) {
      // Someone else fulfilled it between our check and our update: with this transaction (a
      // replay), or with another one (this is a second charge).
      const winner = await this.repo.findByProviderTransactionId(transactionId);
      if (winner) return this.alreadyFulfilled(winner, expected, context, log);
      const paid = await this.repo.findByTxRef(payment.txRef);
      if (paid?.status !== 'successful') throw new Error(`payment ${payment.id} lost its update`);
      return this.secondCharge(paid, verified, context, log);
    }
    log.info(
      {
        ...context,
        ...paymentContext,
        plan: payment.plan,
        amount: payment.amount,
        currency: payment.currency,
        planAfter: result.plan,
        expiresAt: result.expiresAt.toISOString(),
        applied: result.kind,
        convertedMs: result.convertedMs,
        outcome: 'fulfilled',
      },
      'payment fulfilled',
    );
    return { kind: 'fulfilled', payment, result };
  }

  private alreadyFulfilled(
    payment: PaymentRow,
    expected: { userId: string; plan: PaidPlanId } | null,
    context: Record<string, unknown>,
    log: FastifyBaseLogger,
  ): Outcome {
    if (expected && payment.userId !== expected.userId) {
      // Someone else's transaction answers exactly like an unknown one: ids cannot be probed.
      log.warn(
        { ...context, paymentId: payment.id, outcome: 'replay_foreign' },
        'payment rejected',
      );
      throw badRequest(NOT_VERIFIED_MESSAGE);
    }
    if (payment.duplicateOfId) {
      log.info({ ...context, paymentId: payment.id, outcome: 'second_charge' }, 'payment replay');
      return { kind: 'second_charge', payment };
    }
    if (expected && payment.plan !== expected.plan) {
      log.warn({ ...context, paymentId: payment.id, outcome: 'other_plan' }, 'payment rejected');
      throw badRequest(`This payment was for the ${PLAN_NAMES[payment.plan]} plan.`);
    }
    log.info({ ...context, paymentId: payment.id, outcome: 'already_fulfilled' }, 'payment replay');
    return { kind: 'already', payment };
  }

  /**
   * A successful transaction for a checkout another transaction already paid (the customer
   * was charged twice): recorded as needing a refund, logged, and refunded at once if
   * Flutterwave agrees (else housekeeping tries again). It gives no plan time.
   */
  private async secondCharge(
    paid: PaymentRow,
    transaction: VerifiedTransaction,
    context: Record<string, unknown>,
    log: FastifyBaseLogger,
  ): Promise<Outcome> {
    const charge = {
      providerTransactionId: transaction.id,
      amount: centsToAmount(transaction.amountCents).toFixed(2),
      currency: transaction.currency,
      verifiedAt: this.deps.now(),
    };
    const recorded = await this.repo.insertSecondCharge(paid, charge);
    const row = recorded ?? (await this.repo.findByProviderTransactionId(transaction.id));
    if (!row) throw new Error(`second charge ${transaction.id} was not recorded`);
    if (recorded) {
      log.warn(
        {
          ...context,
          userId: paid.userId,
          paymentId: row.id,
          duplicateOf: paid.id,
          txRef: paid.txRef,
          amount: charge.amount,
          currency: charge.currency,
          outcome: 'needs_refund',
        },
        'second charge for a paid checkout: needs a refund',
      );
      await this.refund(row, log);
    }
    return {
      kind: 'second_charge',
      payment: (await this.repo.findByProviderTransactionId(transaction.id)) ?? row,
    };
  }

  /**
   * Asks Flutterwave to refund a second charge in full, unless an attempt is under way or it
   * was tried in the last REFUND_RETRY_MS. A refusal (already refunded, not refundable) is
   * not tried again; an outage is, by housekeeping, up to MAX_REFUND_ATTEMPTS times.
   */
  private async refund(row: PaymentRow, log: FastifyBaseLogger): Promise<void> {
    const provider = this.deps.provider;
    if (!provider || !row.providerTransactionId) return;
    const now = this.deps.now();
    const claimed = await this.repo.claimRefund(
      row.id,
      now,
      new Date(now.getTime() - REFUND_RETRY_MS),
    );
    if (!claimed) return;
    const context = {
      event: 'payment_refund',
      paymentId: row.id,
      userId: row.userId,
      duplicateOf: row.duplicateOfId,
      providerTransactionId: row.providerTransactionId,
      attempt: claimed.refundAttempts,
    };
    let outcome: RefundOutcome;
    try {
      outcome = await provider.refund(
        row.providerTransactionId,
        `Selah: a second payment for ${row.txRef}, which was already paid`,
      );
    } catch (error) {
      if (!(error instanceof PaymentProviderUnavailable)) throw error;
      await this.repo.noteRefundError(row.id, `Flutterwave unavailable (${error.message})`);
      log.warn(
        { ...context, reason: error.message, outcome: 'refund_unavailable' },
        'payment refund failed',
      );
      return;
    }
    if (!outcome.ok) {
      await this.repo.noteRefundError(row.id, outcome.reason, MAX_REFUND_ATTEMPTS);
      log.warn(
        { ...context, reason: outcome.reason, outcome: 'refund_refused' },
        'payment refund refused',
      );
      return;
    }
    await this.repo.markRefunded(row.id, outcome.refundId, this.deps.now());
    log.info(
      {
        ...context,
        providerRefundId: outcome.refundId,
        refundStatus: outcome.status,
        outcome: 'refunded',
      },
      'payment refunded',
    );
  }

  /**
   * Hourly upkeep: pending checkouts older than a day expire, and refunds that failed for an
   * outage are tried again.
   */
  async housekeeping(log: FastifyBaseLogger): Promise<{ expired: number; refunds: number }> {
    const now = this.deps.now();
    const expired = await this.repo.expirePending(new Date(now.getTime() - PENDING_LIFETIME_MS));
    if (expired > 0) {
      log.info({ event: 'payment_housekeeping', expired }, 'pending payments expired');
    }
    const due = this.deps.provider
      ? await this.repo.refundsToRetry(
          MAX_REFUND_ATTEMPTS,
          new Date(now.getTime() - REFUND_RETRY_MS),
          50,
        )
      : [];
    for (const row of due) await this.refund(row, log);
    return { expired, refunds: due.length };
  }

  /**
   * Every payment for the operators' view, newest first (keyset pages).
   * @throws AppError BAD_REQUEST for a malformed cursor.
   */
  async adminPage(query: AdminPaymentQuery): Promise<AdminPaymentPage> {
    const after = decodeCursor(query.cursor, CREATED_AT_ID);
    const rows = await this.repo.page({ after, limit: query.limit + 1, status: query.status });
    return cursorPage(rows, query.limit, presentAdminPayment, (last) =>
      encodeCursor(CREATED_AT_ID, [last.createdAt, last.id]),
    );
  }

  // --- The user's data: the account's export, Clear Data and deletion ask each module ------

  /** For the account's export: the user's payments. */
  async exportOf(userId: string) {
    return { payments: await this.repo.paidBy(userId) };
  }
}
