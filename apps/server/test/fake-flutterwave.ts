import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTransaction {
  tx_ref: string;
  amount: number;
  currency: string;
  status: 'successful' | 'failed' | 'pending';
}

/** A refund Flutterwave accepted. */
export interface FakeRefund {
  id: number;
  transactionId: string;
  amount: number;
  comments: string | undefined;
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * A local HTTP server answering like Flutterwave's v3 API (Bearer secret key): verify
 * (`GET /v3/transactions/:id/verify`) and refund (`POST /v3/transactions/:id/refund`, a full
 * refund unless an amount is given; a second refund of a fully refunded transaction is refused
 * as Flutterwave does). Tests register transactions, make ids fail with 5xx, and count the calls.
 */
export class FakeFlutterwave {
  readonly transactions = new Map<string, FakeTransaction>();
  /** Transaction ids answered with 503 (the provider is down for them). */
  readonly failing = new Set<string>();
  /** Transaction ids whose refund is answered with 503. */
  readonly failingRefunds = new Set<string>();
  readonly calls: string[] = [];
  readonly refunds: FakeRefund[] = [];
  private server: Server | undefined;
  private nextId = 9_000_000;
  private nextRefundId = 70_000;
  readonly secretKey: string;
  url = '';

  constructor(secretKey: string) {
    this.secretKey = secretKey;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const verify = /^\/v3\/transactions\/([^/]+)\/verify$/.exec(req.url ?? '');
      const refund = /^\/v3\/transactions\/([^/]+)\/refund$/.exec(req.url ?? '');
      const isVerify = req.method === 'GET' && verify;
      const isRefund = req.method === 'POST' && refund;
      if (!isVerify && !isRefund) return send(404, { status: 'error', message: 'Not found' });
      if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
        return send(401, { status: 'error', message: 'Invalid authorization key', data: null });
      }
      const id = decodeURIComponent((verify ?? refund)![1]!);
      if (isRefund) {
        void readBody(req).then((body) => this.refund(id, body, send));
        return;
      }
      this.calls.push(id);
      if (this.failing.has(id)) return send(503, { status: 'error', message: 'Unavailable' });
      const tx = this.transactions.get(id);
      if (!tx) {
        return send(400, {
          status: 'error',
          message: 'No transaction was found for this id',
          data: null,
        });
      }
      send(200, {
        status: 'success',
        message: 'Transaction fetched successfully',
        data: {
          id: Number(id),
          tx_ref: tx.tx_ref,
          flw_ref: `FLW-${id}`,
          amount: tx.amount,
          currency: tx.currency,
          charged_amount: tx.amount,
          status: tx.status,
          payment_type: 'card',
          card: { first_6digits: '553188', last_4digits: '2950', type: 'MASTERCARD' },
          customer: { email: 'someone@example.test' },
        },
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private refund(
    id: string,
    body: Record<string, unknown>,
    send: (status: number, body: unknown) => void,
  ): void {
    this.calls.push(`refund:${id}`);
    if (this.failingRefunds.has(id)) return send(503, { status: 'error', message: 'Unavailable' });
    const tx = this.transactions.get(id);
    if (!tx || tx.status !== 'successful') {
      return send(400, { status: 'error', message: 'No transaction was found', data: null });
    }
    const refunded = this.refunds
      .filter((r) => r.transactionId === id)
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = typeof body.amount === 'number' ? body.amount : tx.amount - refunded;
    if (amount <= 0 || refunded + amount > tx.amount) {
      return send(400, {
        status: 'error',
        message: 'Transaction has been fully refunded',
        data: null,
      });
    }
    const refund: FakeRefund = {
      id: this.nextRefundId++,
      transactionId: id,
      amount,
      comments: typeof body.comments === 'string' ? body.comments : undefined,
    };
    this.refunds.push(refund);
    send(200, {
      status: 'success',
      message: 'Transaction refund initiated',
      data: {
        id: refund.id,
        account_id: 73362,
        tx_id: Number(id),
        flw_ref: `URF_${id}`,
        wallet_id: 74639,
        amount_refunded: amount,
        status: 'completed',
        destination: 'payment_source',
        meta: { source: 'availablebalance' },
        created_at: new Date().toISOString(),
      },
    });
  }

  /** Records a transaction as Flutterwave would after a checkout; returns its id. */
  pay(tx: FakeTransaction): string {
    const id = String(this.nextId++);
    this.transactions.set(id, tx);
    return id;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}
