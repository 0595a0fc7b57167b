import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/index.ts';
import { runHousekeeping } from '../../housekeeping.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { FakeFlutterwave } from '../../../test/fake-flutterwave.ts';
import { person, type Person } from '../../../test/people.ts';
import { MAX_REFUND_ATTEMPTS, SECOND_CHARGE_REFUNDED } from './payments.service.ts';

const SECRET = 'FLWSECK_TEST-refunds-0123456789-X';
const HOOK = 'selah-refunds-webhook-hash';
const HOUR = 60 * 60 * 1000;

let t: TestApp;
let flw: FakeFlutterwave;
/** The app's clock: tests move it forward to reach housekeeping's deadlines. */
let offsetMs = 0;
const logLines: string[] = [];
const log = () => t.app.log;

beforeAll(async () => {
  flw = new FakeFlutterwave(SECRET);
  await flw.start();
  t = await buildTestApp({
    env: {
      FLUTTERWAVE_PUBLIC_KEY: 'FLWPUBK_TEST-refunds-X',
      FLUTTERWAVE_SECRET_KEY: SECRET,
      FLUTTERWAVE_WEBHOOK_HASH: HOOK,
      FLUTTERWAVE_API_URL: flw.url,
    },
    now: () => new Date(Date.now() + offsetMs),
    logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
  });
});
afterAll(async () => {
  await t?.close();
  await flw?.stop();
});

async function checkout(p: Person, plan: 'premium' | 'ministry' = 'premium') {
  const res = await p.api.post('/api/subscription/checkout', { plan });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ txRef: string; amount: number; currency: string }>();
}
const pay = (started: { txRef: string; amount: number; currency: string }) =>
  flw.pay({ ...started, tx_ref: started.txRef, status: 'successful' });
const subscribe = (p: Person, transactionId: string, plan = 'premium') =>
  p.api.post('/api/subscription/subscribe', { plan, transactionId, amount: 4.99 });
const webhook = (transactionId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/subscription/webhook',
    headers: { 'verif-hash': HOOK },
    payload: { event: 'charge.completed', data: { id: Number(transactionId) } },
  });
const rowsOf = (txRef: string) =>
  t.db.db.select().from(payments).where(eq(payments.txRef, txRef)).orderBy(payments.createdAt);
const byTransaction = async (id: string) =>
  (await t.db.db.select().from(payments).where(eq(payments.providerTransactionId, id)))[0]!;
const planEnd = async (p: Person) =>
  (await p.api.get('/api/subscription')).json<{ expiresAt: string }>().expiresAt;

describe('a second successful charge for a checkout already paid', () => {
  it('is recorded as needing a refund, logged, refunded through Flutterwave, and gives nothing', async () => {
    const u = await person(t.app);
    const started = await checkout(u);
    const first = pay(started);
    const second = pay(started);
    expect((await subscribe(u, first)).statusCode).toBe(200);
    const end = await planEnd(u);

    const res = await subscribe(u, second);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: SECOND_CHARGE_REFUNDED });
    expect(await planEnd(u)).toBe(end);

    const [paid, extra] = await rowsOf(started.txRef);
    expect(paid).toMatchObject({ status: 'successful', providerTransactionId: first });
    expect(extra).toMatchObject({
      status: 'refunded',
      userId: u.id,
      providerTransactionId: second,
      duplicateOfId: paid!.id,
      amount: '4.99',
      currency: 'USD',
      months: 0,
      refundAttempts: 1,
      refundError: null,
    });
    expect(extra!.refundedAt).toBeInstanceOf(Date);
    expect(flw.refunds).toContainEqual(
      expect.objectContaining({ transactionId: second, amount: 4.99 }),
    );
    expect(extra!.providerRefundId).toBe(
      String(flw.refunds.find((r) => r.transactionId === second)!.id),
    );
    // The first charge is never refunded.
    expect(flw.refunds.some((r) => r.transactionId === first)).toBe(false);

    const line = logLines.find(
      (l) => l.includes('needs a refund') && l.includes(second) && l.includes(extra!.id),
    );
    expect(JSON.parse(line!)).toMatchObject({
      level: 40,
      userId: u.id,
      duplicateOf: paid!.id,
      outcome: 'needs_refund',
    });
    expect(logLines.some((l) => l.includes('payment refunded') && l.includes(second))).toBe(true);

    // Asking again (browser or webhook) records and refunds nothing more.
    expect((await subscribe(u, second)).json().message).toBe(SECOND_CHARGE_REFUNDED);
    expect((await webhook(second)).statusCode).toBe(200);
    expect(await rowsOf(started.txRef)).toHaveLength(2);
    expect(flw.refunds.filter((r) => r.transactionId === second)).toHaveLength(1);
  });

  it('found by the webhook first, it is recorded once however often it is reported', async () => {
    const u = await person(t.app);
    const started = await checkout(u);
    const [first, second] = [pay(started), pay(started)];
    expect((await webhook(first)).statusCode).toBe(200);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => webhook(second)),
      ...Array.from({ length: 5 }, () => subscribe(u, second)),
    ]);
    expect(answers.slice(0, 5).map((a) => a.statusCode)).toEqual(Array(5).fill(200));
    expect(answers.slice(5).map((a) => a.statusCode)).toEqual(Array(5).fill(409));
    expect((await rowsOf(started.txRef)).map((r) => r.status)).toEqual(['successful', 'refunded']);
    expect(flw.refunds.filter((r) => r.transactionId === second)).toHaveLength(1);
  });

  it('two charges confirmed at once: one fulfils, the other is recorded for a refund', async () => {
    const u = await person(t.app);
    const started = await checkout(u);
    const [a, b] = [pay(started), pay(started)];
    const answers = await Promise.all([subscribe(u, a), subscribe(u, b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await rowsOf(started.txRef)).map((r) => r.status).sort()).toEqual([
      'refunded',
      'successful',
    ]);
  });

  it('while Flutterwave is down it stays "needs refund"; housekeeping refunds it later', async () => {
    const u = await person(t.app);
    const started = await checkout(u);
    const [first, second] = [pay(started), pay(started)];
    await subscribe(u, first);
    flw.failingRefunds.add(second);
    const res = await subscribe(u, second);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This checkout was already paid, so this second payment gives nothing more: it will be refunded.',
    );
    expect(await byTransaction(second)).toMatchObject({
      status: 'needs_refund',
      refundAttempts: 1,
      refundError: 'Flutterwave unavailable (refund answered 503)',
    });
    // Not tried again within half an hour.
    await runHousekeeping(t.app.services, log());
    expect((await byTransaction(second)).refundAttempts).toBe(1);
    flw.failingRefunds.delete(second);
    offsetMs += HOUR;
    try {
      await runHousekeeping(t.app.services, log());
    } finally {
      offsetMs -= HOUR;
    }
    expect(await byTransaction(second)).toMatchObject({
      status: 'refunded',
      refundAttempts: 2,
      refundError: null,
    });
  });

  it('a refund Flutterwave refuses is left for the operator, with its reason, and not retried', async () => {
    const u = await person(t.app);
    const started = await checkout(u);
    const [first, second] = [pay(started), pay(started)];
    await subscribe(u, first);
    // Refunded already at Flutterwave (say, from its dashboard): the API refuses a second one.
    flw.refunds.push({ id: 1, transactionId: second, amount: 4.99, comments: undefined });
    expect((await subscribe(u, second)).statusCode).toBe(409);
    expect(await byTransaction(second)).toMatchObject({
      status: 'needs_refund',
      refundAttempts: MAX_REFUND_ATTEMPTS,
      refundError: '400: Transaction has been fully refunded',
    });
    offsetMs += HOUR;
    try {
      await runHousekeeping(t.app.services, log());
    } finally {
      offsetMs -= HOUR;
    }
    expect(flw.calls.filter((c) => c === `refund:${second}`)).toHaveLength(1);
  });
});

describe('housekeeping of pending payments', () => {
  it('expires checkouts left pending for more than a day, and only those', async () => {
    const u = await person(t.app);
    const old = await checkout(u);
    const recent = await checkout(u);
    await t.db.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(payments.txRef, old.txRef));
    await t.db.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 23 * HOUR) })
      .where(eq(payments.txRef, recent.txRef));
    await runHousekeeping(t.app.services, log());
    expect((await rowsOf(old.txRef))[0]!.status).toBe('expired');
    expect((await rowsOf(recent.txRef))[0]!.status).toBe('pending');
    expect(
      logLines.some((l) => l.includes('pending payments expired') && l.includes('"expired"')),
    ).toBe(true);
  });

  it('a payment confirmed after its checkout expired still counts: the customer paid our price', async () => {
    const u = await person(t.app);
    const started = await checkout(u);
    const paid = pay(started);
    await t.db.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 30 * HOUR) })
      .where(eq(payments.txRef, started.txRef));
    await runHousekeeping(t.app.services, log());
    expect((await rowsOf(started.txRef))[0]!.status).toBe('expired');
    const res = await subscribe(u, paid);
    expect(res.statusCode).toBe(200);
    expect(res.json().plan).toBe('premium');
    expect((await rowsOf(started.txRef))[0]!.status).toBe('successful');
  });
});
