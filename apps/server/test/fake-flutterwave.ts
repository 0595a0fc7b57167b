import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTransaction {
  tx_ref: string;
  amount: number;
  currency: string;
  status: 'successful' | 'failed' | 'pending';
}

/**
 * A local HTTP server answering like Flutterwave's v3 verify endpoint
 * (`GET /v3/transactions/:id/verify`, Bearer secret key). Tests register transactions, make
 * ids fail with 5xx, and count the calls.
 */
export class FakeFlutterwave {
  readonly transactions = new Map<string, FakeTransaction>();
  /** Transaction ids answered with 503 (the provider is down for them). */
  readonly failing = new Set<string>();
  readonly calls: string[] = [];
  private server: Server | undefined;
  private nextId = 9_000_000;
  readonly secretKey: string;
  url = '';

  constructor(secretKey: string) {
    this.secretKey = secretKey;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const match = /^\/v3\/transactions\/([^/]+)\/verify$/.exec(req.url ?? '');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'GET' || !match)
        return send(404, { status: 'error', message: 'Not found' });
      if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
        return send(401, { status: 'error', message: 'Invalid authorization key', data: null });
      }
      const id = decodeURIComponent(match[1]!);
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
