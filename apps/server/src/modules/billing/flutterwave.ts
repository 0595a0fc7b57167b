import { z } from 'zod';
import { amountToCents } from './plan-catalogue.ts';

/** A transaction as Flutterwave's verify endpoint reports it. */
export interface VerifiedTransaction {
  id: string;
  txRef: string;
  /** The amount in whole cents (kobo for naira). */
  amountCents: number;
  currency: string;
  status: string;
}

/** The provider could not answer (timeout, network, 5xx, a redirect, an unreadable answer). */
export class PaymentProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderUnavailable';
  }
}

const VerifyResponseSchema = z.object({
  status: z.string(),
  data: z
    .object({
      id: z.union([z.number(), z.string()]),
      tx_ref: z.string(),
      amount: z.number().nonnegative(),
      currency: z.string(),
      status: z.string(),
    })
    .nullable(),
});

const RefundResponseSchema = z.object({
  status: z.string(),
  message: z.string().optional(),
  data: z
    .object({ id: z.union([z.number(), z.string()]), status: z.string().optional() })
    .loose()
    .nullish(),
});

const ErrorResponseSchema = z.object({ message: z.string() }).loose();

/** What Flutterwave said to a refund request. */
export type RefundOutcome =
  | { ok: true; refundId: string; status: string }
  /** Refused (already refunded, not refundable): retrying will not help. */
  | { ok: false; reason: string };

const MAX_ANSWER_BYTES = 256 * 1024;

/**
 * Flutterwave's v3 API with the secret key, 5 s timeout, no redirects followed:
 * verify-transaction (`GET {apiUrl}/v3/transactions/{id}/verify`), the only thing the server
 * ever trusts about a payment, and refund (`POST {apiUrl}/v3/transactions/{id}/refund`).
 */
export class FlutterwaveClient {
  private readonly apiUrl: string;
  private readonly secretKey: string;
  private readonly timeoutMs: number;

  constructor(options: { apiUrl: string; secretKey: string; timeoutMs?: number }) {
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.secretKey = options.secretKey;
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  /**
   * @param transactionId Flutterwave's numeric transaction id (validated by the caller).
   * @returns the transaction, or null when Flutterwave does not know it (a forged id).
   * @throws PaymentProviderUnavailable when no trustworthy answer came back.
   */
  async verify(transactionId: string): Promise<VerifiedTransaction | null> {
    if (!/^\d{1,20}$/.test(transactionId)) return null;
    let response: Response;
    try {
      response = await fetch(`${this.apiUrl}/v3/transactions/${transactionId}/verify`, {
        headers: { authorization: `Bearer ${this.secretKey}`, accept: 'application/json' },
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new PaymentProviderUnavailable('verify request failed', { cause: error });
    }
    // 400/404: the id is unknown to Flutterwave. 401/403/429 and the rest are our problem or
    // theirs, never the customer's: the payment stays pending and can be confirmed later.
    if (response.status === 400 || response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new PaymentProviderUnavailable(`verify answered ${response.status}`);
    }
    const body = await readAnswer(response, 'verify');
    const parsed = VerifyResponseSchema.safeParse(body);
    if (!parsed.success) throw new PaymentProviderUnavailable('verify answer malformed');
    const { status, data } = parsed.data;
    if (status !== 'success' || !data || String(data.id) !== transactionId) return null;
    return {
      id: String(data.id),
      txRef: data.tx_ref,
      amountCents: amountToCents(data.amount),
      currency: data.currency.toUpperCase(),
      status: data.status,
    };
  }

  /**
   * Refunds a whole transaction (a second charge for a checkout that was already paid).
   * @param transactionId Flutterwave's numeric transaction id.
   * @throws PaymentProviderUnavailable when no trustworthy answer came back (retry later).
   */
  async refund(transactionId: string, comments: string): Promise<RefundOutcome> {
    if (!/^\d{1,20}$/.test(transactionId)) return { ok: false, reason: 'invalid transaction id' };
    let response: Response;
    try {
      response = await fetch(`${this.apiUrl}/v3/transactions/${transactionId}/refund`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.secretKey}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ comments }),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new PaymentProviderUnavailable('refund request failed', { cause: error });
    }
    // 400/404/409/422: Flutterwave refused this refund (already refunded, not refundable).
    // 401/403/429, 5xx and the rest may pass: the refund is tried again later.
    if ([400, 404, 409, 422].includes(response.status)) {
      const refused = ErrorResponseSchema.safeParse(
        await readAnswer(response, 'refund').catch(() => null),
      );
      const reason = refused.success ? refused.data.message.slice(0, 200) : 'refused';
      return { ok: false, reason: `${response.status}: ${reason}` };
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new PaymentProviderUnavailable(`refund answered ${response.status}`);
    }
    const parsed = RefundResponseSchema.safeParse(await readAnswer(response, 'refund'));
    if (!parsed.success) throw new PaymentProviderUnavailable('refund answer malformed');
    const { status, message, data } = parsed.data;
    if (status !== 'success' || !data) {
      return { ok: false, reason: (message ?? status).slice(0, 200) };
    }
    return { ok: true, refundId: String(data.id), status: data.status ?? 'initiated' };
  }
}

/**
 * A provider answer's JSON, read with a size cap.
 * @throws PaymentProviderUnavailable when it is too large or not JSON.
 */
async function readAnswer(response: Response, call: string): Promise<unknown> {
  try {
    const text = await response.text();
    if (text.length > MAX_ANSWER_BYTES) throw new Error('answer too large');
    return JSON.parse(text);
  } catch (error) {
    throw new PaymentProviderUnavailable(`${call} answer unreadable`, { cause: error });
  }
}
