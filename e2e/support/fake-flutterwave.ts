import type { IncomingMessage, ServerResponse } from 'node:http';

/** Keys the e2e app is configured with (test values, not real Flutterwave keys). */
export const FLUTTERWAVE_PUBLIC_KEY = 'FLWPUBK_TEST-selah-e2e-X';
export const FLUTTERWAVE_SECRET_KEY = 'FLWSECK_TEST-selah-e2e-X';
export const FLUTTERWAVE_WEBHOOK_HASH = 'selah-e2e-webhook-hash';

interface Transaction {
  tx_ref: string;
  amount: number;
  currency: string;
  status: string;
  /** 'unavailable': refunding it answers 503, as Flutterwave does in an outage. */
  refund?: 'unavailable';
  refunded?: boolean;
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    // The fake checkout script (on the app's pages) records its payment here.
    'access-control-allow-origin': '*',
  });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * Flutterwave for the journeys, served by the control server under `/flutterwave`:
 * - `GET /flutterwave/v3/transactions/:id/verify` (Bearer secret key): like Flutterwave's API
 * - `POST /flutterwave/v3/transactions/:id/refund` (Bearer secret key): refunds a whole
 *   successful transaction once, like Flutterwave's refund API
 * - `POST /flutterwave/transactions` `{tx_ref, amount, currency, status?, refund?}` -> `{id}`:
 *   records a payment as if the customer had paid at Flutterwave (`refund: 'unavailable'`: its
 *   refund answers 503)
 * - `GET /flutterwave/v3.js`: a stand-in for the inline checkout script. `FlutterwaveCheckout`
 *   pays the asked amount at once and calls `callback` as the real modal does on success.
 */
export class FakeFlutterwave {
  private readonly transactions = new Map<string, Transaction>();
  private nextId = 7_000_000;
  private nextRefundId = 80_000;
  private readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  /** Handles the request if it is one of ours; false otherwise. */
  async handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    if (!pathname.startsWith('/flutterwave/')) return false;
    if (req.method === 'OPTIONS') {
      // The journeys add headers to every browser request (X-Forwarded-For, a test country),
      // which makes the fake script's cross-origin call need a CORS preflight.
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '600',
      });
      res.end();
      return true;
    }
    if (req.method === 'GET' && pathname === '/flutterwave/v3.js') {
      send(res, 200, this.script(), 'text/javascript');
      return true;
    }
    if (req.method === 'POST' && pathname === '/flutterwave/transactions') {
      const body = (await readJson(req)) as Partial<Transaction> | undefined;
      if (!body?.tx_ref || typeof body.amount !== 'number' || !body.currency) {
        send(res, 400, { message: 'expected {tx_ref, amount, currency, status?}' });
        return true;
      }
      const id = String(this.nextId++);
      this.transactions.set(id, {
        tx_ref: body.tx_ref,
        amount: body.amount,
        currency: body.currency,
        status: body.status ?? 'successful',
        ...(body.refund === 'unavailable' ? { refund: 'unavailable' as const } : {}),
      });
      send(res, 201, { id: Number(id) });
      return true;
    }
    const id = /^\/flutterwave\/v3\/transactions\/([^/]+)\/verify$/.exec(pathname)?.[1];
    if (req.method === 'GET' && id) {
      if (req.headers.authorization !== `Bearer ${FLUTTERWAVE_SECRET_KEY}`) {
        send(res, 401, { status: 'error', message: 'Invalid authorization key', data: null });
        return true;
      }
      const tx = this.transactions.get(id);
      if (!tx) {
        send(res, 400, { status: 'error', message: 'No transaction was found', data: null });
        return true;
      }
      send(res, 200, {
        status: 'success',
        message: 'Transaction fetched successfully',
        data: { id: Number(id), ...tx, charged_amount: tx.amount },
      });
      return true;
    }
    const refunding = /^\/flutterwave\/v3\/transactions\/([^/]+)\/refund$/.exec(pathname)?.[1];
    if (req.method === 'POST' && refunding) {
      this.refund(req, res, refunding);
      return true;
    }
    send(res, 404, { message: `no route ${req.method ?? ''} ${pathname}` });
    return true;
  }

  private refund(req: IncomingMessage, res: ServerResponse, id: string): void {
    if (req.headers.authorization !== `Bearer ${FLUTTERWAVE_SECRET_KEY}`) {
      send(res, 401, { status: 'error', message: 'Invalid authorization key', data: null });
      return;
    }
    const tx = this.transactions.get(id);
    if (tx?.refund === 'unavailable') {
      send(res, 503, { status: 'error', message: 'Service unavailable' });
      return;
    }
    if (!tx || tx.status !== 'successful') {
      send(res, 400, { status: 'error', message: 'No transaction was found', data: null });
      return;
    }
    if (tx.refunded) {
      send(res, 400, {
        status: 'error',
        message: 'Transaction has been fully refunded',
        data: null,
      });
      return;
    }
    tx.refunded = true;
    send(res, 200, {
      status: 'success',
      message: 'Transaction refund initiated',
      data: {
        id: this.nextRefundId++,
        tx_id: Number(id),
        flw_ref: `URF_${id}`,
        amount_refunded: tx.amount,
        status: 'completed',
        destination: 'payment_source',
        created_at: new Date().toISOString(),
      },
    });
  }

  private script(): string {
    return `window.FlutterwaveCheckout = function (config) {
  fetch(${JSON.stringify(`${this.origin}/flutterwave/transactions`)}, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ tx_ref: config.tx_ref, amount: config.amount, currency: config.currency }),
  })
    .then(function (r) { return r.json(); })
    .then(function (paid) {
      config.callback({ status: 'successful', transaction_id: paid.id, tx_ref: config.tx_ref, amount: config.amount, currency: config.currency });
      if (config.onclose) config.onclose(false);
    });
  return { close: function () {} };
};
`;
  }
}
