import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeFlutterwave } from '../../../test/fake-flutterwave.ts';
import { FlutterwaveClient, PaymentProviderUnavailable } from './flutterwave.ts';

let server: Server;
let url = '';
const seen: { path: string; authorization: string | undefined }[] = [];
const hanging: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
    const id = /\/v3\/transactions\/(\d+)\/verify/.exec(req.url ?? '')?.[1];
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    switch (id) {
      case '1':
        return json(200, {
          status: 'success',
          data: { id: 1, tx_ref: 'ref-1', amount: 4.99, currency: 'usd', status: 'successful' },
        });
      case '2':
        hanging.push(res); // never answers
        return;
      case '3':
        res.writeHead(302, { location: `${url}/v3/transactions/1/verify` });
        return res.end();
      case '4':
        return json(200, { status: 'success', data: { id: 4 } });
      case '5':
        return json(200, {
          status: 'success',
          data: { id: 999, tx_ref: 'other', amount: 1, currency: 'USD', status: 'successful' },
        });
      case '6':
        return json(500, { status: 'error' });
      case '7':
        return json(401, { status: 'error', message: 'Invalid authorization key' });
      default:
        return json(404, { status: 'error', message: 'No transaction was found', data: null });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const client = () => new FlutterwaveClient({ apiUrl: url, secretKey: 'sk_test', timeoutMs: 300 });

describe('FlutterwaveClient.verify', () => {
  it('reads a verified transaction with the secret key as Bearer token', async () => {
    expect(await client().verify('1')).toEqual({
      id: '1',
      txRef: 'ref-1',
      amountCents: 499,
      currency: 'USD',
      status: 'successful',
    });
    expect(seen.at(-1)).toEqual({
      path: '/v3/transactions/1/verify',
      authorization: 'Bearer sk_test',
    });
  });

  it('returns null for an id Flutterwave does not know, or that answers for another id', async () => {
    expect(await client().verify('404')).toBeNull();
    expect(await client().verify('5')).toBeNull();
    expect(await client().verify('../1')).toBeNull();
  });

  it.each([
    ['a timeout', '2'],
    ['a redirect (not followed)', '3'],
    ['a malformed answer', '4'],
    ['a 5xx', '6'],
    ['a rejected key', '7'],
  ])('reports the provider unavailable on %s', async (_what, id) => {
    const before = seen.length;
    await expect(client().verify(id)).rejects.toBeInstanceOf(PaymentProviderUnavailable);
    // The redirect target was never fetched.
    expect(seen.length - before).toBe(1);
  });

  it('reports the provider unavailable when nothing listens', async () => {
    const closed = new FlutterwaveClient({ apiUrl: 'http://127.0.0.1:9', secretKey: 'k' });
    await expect(closed.verify('1')).rejects.toBeInstanceOf(PaymentProviderUnavailable);
  });
});

describe('FlutterwaveClient.refund (against the local fake)', () => {
  let flw: FakeFlutterwave;
  beforeAll(async () => {
    flw = new FakeFlutterwave('sk_refund');
    await flw.start();
  });
  afterAll(async () => {
    await flw.stop();
  });
  const refunder = (secretKey = 'sk_refund') =>
    new FlutterwaveClient({ apiUrl: flw.url, secretKey, timeoutMs: 1_000 });

  it('refunds a whole transaction once; a second refund is refused with Flutterwave’s reason', async () => {
    const id = flw.pay({ tx_ref: 'ref-r', amount: 16000, currency: 'NGN', status: 'successful' });
    const first = await refunder().refund(id, 'second charge');
    expect(first).toEqual({ ok: true, refundId: expect.any(String), status: 'completed' });
    expect(flw.refunds).toEqual([
      {
        id: Number((first as { refundId: string }).refundId),
        transactionId: id,
        amount: 16000,
        comments: 'second charge',
      },
    ]);
    expect(await refunder().refund(id, 'again')).toEqual({
      ok: false,
      reason: '400: Transaction has been fully refunded',
    });
  });

  it('reports an outage or a bad key as unavailable (tried again later), never as refused', async () => {
    const id = flw.pay({ tx_ref: 'ref-s', amount: 4.99, currency: 'USD', status: 'successful' });
    flw.failingRefunds.add(id);
    await expect(refunder().refund(id, 'x')).rejects.toBeInstanceOf(PaymentProviderUnavailable);
    flw.failingRefunds.delete(id);
    await expect(refunder('wrong-key').refund(id, 'x')).rejects.toBeInstanceOf(
      PaymentProviderUnavailable,
    );
    expect((await refunder().refund('12a', 'x')).ok).toBe(false);
    expect(flw.refunds.some((r) => r.transactionId === id)).toBe(false);
  });
});
