import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { FakeFlutterwave } from '../../../test/fake-flutterwave.ts';
import { person, type Person } from '../../../test/people.ts';
import { setPlan } from '../../../test/plans.ts';
import { addMonths } from './plan-catalogue.ts';
import { NOT_CONFIRMED_MESSAGE } from './payments.service.ts';

const SECRET = 'FLWSECK_TEST-0123456789abcdef-X';
const PUBLIC = 'FLWPUBK_TEST-fedcba9876543210-X';
const HOOK = 'selah-webhook-hash-for-tests';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let flw: FakeFlutterwave;
const logLines: string[] = [];

beforeAll(async () => {
  flw = new FakeFlutterwave(SECRET);
  await flw.start();
  t = await buildTestApp({
    env: {
      FLUTTERWAVE_PUBLIC_KEY: PUBLIC,
      FLUTTERWAVE_SECRET_KEY: SECRET,
      FLUTTERWAVE_WEBHOOK_HASH: HOOK,
      FLUTTERWAVE_API_URL: flw.url,
      COUNTRY_HEADER: 'CF-IPCountry',
      // app.inject's requests come from 127.0.0.1: the proxy that sets the country header.
      TRUST_PROXY: '127.0.0.1',
    },
    logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
  });
});
afterAll(async () => {
  await t?.close();
  await flw?.stop();
});

interface CheckoutAnswer {
  txRef: string;
  plan: string;
  amount: number;
  currency: string;
}

async function checkout(p: Person, plan: 'premium' | 'ministry', country = 'US') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscription/checkout',
    headers: { authorization: `Bearer ${p.api.token}`, 'cf-ipcountry': country },
    payload: { plan },
  });
  expect(res.statusCode).toBe(201);
  return res.json<CheckoutAnswer>();
}

const subscribe = (p: Person, plan: string, transactionId: string | number, amount = 4.99) =>
  p.api.post('/api/subscription/subscribe', { plan, transactionId, amount });

const webhook = (transactionId: string, hash: string | null = HOOK) =>
  t.app.inject({
    method: 'POST',
    url: '/api/subscription/webhook',
    headers: hash === null ? {} : { 'verif-hash': hash },
    payload: {
      event: 'charge.completed',
      data: { id: Number(transactionId), tx_ref: 'whatever-the-body-says', status: 'successful' },
    },
  });

const userRow = async (id: string) =>
  (await t.db.db.select().from(users).where(eq(users.id, id)))[0]!;
const paymentOf = async (txRef: string) =>
  (await t.db.db.select().from(payments).where(eq(payments.txRef, txRef)))[0]!;
const fulfilments = (providerTransactionId: string) =>
  t.db.db.$count(
    payments,
    and(
      eq(payments.providerTransactionId, providerTransactionId),
      eq(payments.status, 'successful'),
    ),
  );

/** A checkout the customer paid in full at Flutterwave. */
async function paidCheckout(p: Person, plan: 'premium' | 'ministry' = 'premium', country = 'US') {
  const started = await checkout(p, plan, country);
  const id = flw.pay({
    tx_ref: started.txRef,
    amount: started.amount,
    currency: started.currency,
    status: 'successful',
  });
  return { ...started, id };
}

const expectFree = async (p: Person) => {
  const row = await userRow(p.id);
  expect(row.plan).toBe('free');
  expect((await p.api.get('/api/auth/me')).json().plan).toBe('free');
};

describe('POST /api/subscription/checkout', () => {
  it('issues a unique tx_ref with the server’s price and the data Flutterwave’s checkout needs', async () => {
    const u = await person(t.app, 'Ngozi');
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/checkout',
      headers: { authorization: `Bearer ${u.api.token}`, 'cf-ipcountry': 'NG' },
      payload: { plan: 'ministry' },
    });
    expect(first.statusCode).toBe(201);
    const body = first.json();
    expect(body).toMatchObject({
      plan: 'ministry',
      amount: 16000,
      currency: 'NGN',
      publicKey: PUBLIC,
      paymentOptions: 'card,mobilemoney,ussd',
      customer: { email: u.email },
      customizations: { title: 'Selah', description: 'Selah Ministry, 1 month' },
    });
    expect(body.txRef).toMatch(/^selah-[0-9a-f]{32}$/);
    expect(body).not.toHaveProperty('secretKey');
    const second = await checkout(u, 'premium', 'NG');
    expect(second).toMatchObject({ amount: 7984, currency: 'NGN' });
    expect(second.txRef).not.toBe(body.txRef);
    expect(await paymentOf(body.txRef)).toMatchObject({
      userId: u.id,
      plan: 'ministry',
      amount: '16000.00',
      currency: 'NGN',
      country: 'NG',
      status: 'pending',
    });
  });

  it('refuses the free plan and made-up plans', async () => {
    const u = await person(t.app);
    for (const plan of ['free', 'gold']) {
      const res = await u.api.post('/api/subscription/checkout', { plan });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('POST /api/subscription/subscribe', () => {
  it('verifies with Flutterwave, then upgrades for one month (Premium buys Premium)', async () => {
    const u = await person(t.app);
    const paid = await paidCheckout(u, 'premium');
    const before = Date.now();
    const res = await subscribe(u, 'premium', Number(paid.id));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: 'Your plan has been upgraded.', plan: 'premium' });
    const expires = new Date(body.expiresAt).getTime();
    expect(expires).toBeGreaterThan(before + 27 * DAY);
    expect(expires).toBeLessThan(before + 32 * DAY);
    expect(await paymentOf(paid.txRef)).toMatchObject({
      status: 'successful',
      providerTransactionId: paid.id,
    });
    expect((await paymentOf(paid.txRef)).verifiedAt).toBeInstanceOf(Date);
    expect((await u.api.get('/api/auth/me')).json().plan).toBe('premium');
    expect((await u.api.get('/api/subscription')).json()).toMatchObject({
      plan: 'premium',
      effectivePlan: 'premium',
      expiresAt: body.expiresAt,
    });
    // The outcome is logged with the user and the request, without keys or card details.
    const line = logLines.find((l) => l.includes('payment fulfilled') && l.includes(paid.id));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ userId: u.id, reqId: expect.any(String) });
    const all = logLines.join('\n');
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain('553188');
    expect(all).not.toContain(HOOK);
  });

  it('Ministry buys Ministry, and a second month extends from the current expiry', async () => {
    const u = await person(t.app);
    const first = await paidCheckout(u, 'ministry', 'DE');
    expect(first).toMatchObject({ amount: 30, currency: 'USD' });
    const one = (await subscribe(u, 'ministry', first.id)).json();
    expect(one.plan).toBe('ministry');
    const second = await paidCheckout(u, 'ministry', 'DE');
    const two = (await subscribe(u, 'ministry', second.id)).json();
    const diff = new Date(two.expiresAt).getTime() - new Date(one.expiresAt).getTime();
    expect(diff).toBeGreaterThanOrEqual(28 * DAY);
    expect(diff).toBeLessThanOrEqual(31 * DAY);
  });

  it('a forged transaction id (unknown to Flutterwave) changes nothing', async () => {
    const u = await person(t.app);
    const started = await checkout(u, 'premium');
    const res = await subscribe(u, 'premium', 123456789);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('We could not verify this payment.');
    expect((await paymentOf(started.txRef)).status).toBe('pending');
    await expectFree(u);
  });

  it('refuses an amount below the price, whatever the browser says it paid', async () => {
    const u = await person(t.app);
    const started = await checkout(u, 'premium');
    const id = flw.pay({
      tx_ref: started.txRef,
      amount: 4.98,
      currency: 'USD',
      status: 'successful',
    });
    const res = await subscribe(u, 'premium', id, 4.99);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The amount paid is less than the price of the plan.');
    expect((await paymentOf(started.txRef)).status).toBe('pending');
    await expectFree(u);
  });

  it('refuses another currency (naira price paid in dollars)', async () => {
    const u = await person(t.app);
    const started = await checkout(u, 'ministry', 'NG');
    const id = flw.pay({
      tx_ref: started.txRef,
      amount: 16000,
      currency: 'USD',
      status: 'successful',
    });
    const res = await subscribe(u, 'ministry', id, 16000);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The payment currency does not match the price.');
    await expectFree(u);
  });

  it('refuses a transaction that has not succeeded', async () => {
    const u = await person(t.app);
    const started = await checkout(u, 'premium');
    const id = flw.pay({ tx_ref: started.txRef, amount: 4.99, currency: 'USD', status: 'failed' });
    expect((await subscribe(u, 'premium', id)).statusCode).toBe(400);
    await expectFree(u);
  });

  it('refuses a tx_ref issued to another user; its owner can still redeem it', async () => {
    const [payer, thief] = await Promise.all([person(t.app), person(t.app)]);
    const paid = await paidCheckout(payer, 'premium');
    const res = await subscribe(thief, 'premium', paid.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('We could not verify this payment.');
    await expectFree(thief);
    expect((await paymentOf(paid.txRef)).status).toBe('pending');
    expect((await subscribe(payer, 'premium', paid.id)).statusCode).toBe(200);
  });

  it('a transaction someone else already used answers exactly like an unknown one', async () => {
    const [payer, thief] = await Promise.all([person(t.app), person(t.app)]);
    const paid = await paidCheckout(payer, 'premium');
    expect((await subscribe(payer, 'premium', paid.id)).statusCode).toBe(200);
    const unknown = await subscribe(thief, 'premium', 987654321);
    const answer = (res: typeof unknown) => {
      const { code, message, details } = res.json<Record<string, unknown>>();
      return { status: res.statusCode, code, message, details };
    };
    for (const plan of ['premium', 'ministry']) {
      expect(answer(await subscribe(thief, plan, paid.id))).toEqual(answer(unknown));
    }
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'We could not verify this payment.' });
    await expectFree(thief);
    expect(await fulfilments(paid.id)).toBe(1);
  });

  it('refuses a tx_ref issued for another plan', async () => {
    const u = await person(t.app);
    const paid = await paidCheckout(u, 'premium');
    const res = await subscribe(u, 'ministry', paid.id, 50);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This payment was for the Premium plan.');
    await expectFree(u);
  });

  it('a replayed transaction changes nothing the second time', async () => {
    const u = await person(t.app);
    const paid = await paidCheckout(u);
    const first = await subscribe(u, 'premium', paid.id);
    const callsAfterFirst = flw.calls.length;
    const again = await subscribe(u, 'premium', paid.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(flw.calls.length).toBe(callsAfterFirst);
    expect(await fulfilments(paid.id)).toBe(1);
  });

  it('20 concurrent verifications of one transaction (browser and webhook) fulfil it once', async () => {
    const u = await person(t.app);
    const paid = await paidCheckout(u);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => subscribe(u, 'premium', paid.id)),
      ...Array.from({ length: 10 }, () => webhook(paid.id)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const expiries = new Set(
      answers.slice(0, 10).map((a) => a.json<{ expiresAt: string }>().expiresAt),
    );
    expect(expiries.size).toBe(1);
    expect(await fulfilments(paid.id)).toBe(1);
    const row = await userRow(u.id);
    expect(row.planExpiresAt!.toISOString()).toBe([...expiries][0]);
    // One month, not twenty.
    expect(row.planExpiresAt!.getTime()).toBeLessThan(Date.now() + 32 * DAY);
  });

  it('four checkouts paid and verified at once each add their month (none is lost)', async () => {
    const u = await person(t.app);
    const paid = [];
    for (let i = 0; i < 4; i++) paid.push(await paidCheckout(u));
    const before = new Date();
    const answers = await Promise.all(paid.map((p) => subscribe(u, 'premium', p.id)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    for (const p of paid) expect(await fulfilments(p.id)).toBe(1);
    // Each fulfilment extended the expiry the one before left (the user row is locked while it
    // applies): four months, and the last answer says so.
    const row = await userRow(u.id);
    const expiries = answers.map((a) => new Date(a.json<{ expiresAt: string }>().expiresAt));
    expect(row.planExpiresAt!.getTime()).toBe(Math.max(...expiries.map((e) => e.getTime())));
    // Month by month, as each fulfilment adds one (from the 29th of November, the third ends on
    // the 28th of February, and the fourth on the 28th of March, not the 29th).
    let fourMonths = before;
    for (let i = 0; i < 4; i++) fourMonths = addMonths(fourMonths, 1);
    expect(row.planExpiresAt!.getTime()).toBeGreaterThanOrEqual(fourMonths.getTime());
    expect(new Set(expiries.map((e) => e.getTime())).size).toBe(4);
  });

  it('keeps the payment pending when Flutterwave is down, and confirms it later', async () => {
    const u = await person(t.app);
    const paid = await paidCheckout(u);
    flw.failing.add(paid.id);
    const res = await subscribe(u, 'premium', paid.id);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: NOT_CONFIRMED_MESSAGE,
    });
    expect((await paymentOf(paid.txRef)).status).toBe('pending');
    await expectFree(u);
    flw.failing.delete(paid.id);
    expect((await subscribe(u, 'premium', paid.id)).statusCode).toBe(200);
  });

  it('rejects malformed transaction ids before calling anyone', async () => {
    const u = await person(t.app);
    const calls = flw.calls.length;
    for (const transactionId of ['../../admin', '12a', '', -5, 1.5]) {
      expect((await subscribe(u, 'premium', transactionId)).statusCode).toBe(400);
    }
    expect(flw.calls.length).toBe(calls);
  });

  it('allows 10 verification attempts per user per minute', async () => {
    const u = await person(t.app);
    for (let i = 0; i < 10; i++) {
      expect((await subscribe(u, 'premium', 5550000 + i)).statusCode).toBe(400);
    }
    const limited = await subscribe(u, 'premium', 5550099);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/subscribe',
      payload: { plan: 'premium', transactionId: 1, amount: 4.99 },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('paying while another plan is active', () => {
  it('three Premium months then one Ministry payment: a Ministry month plus the Premium time by value', async () => {
    const u = await person(t.app);
    let premiumEnd = '';
    for (let i = 0; i < 3; i++) {
      const paid = await paidCheckout(u, 'premium');
      premiumEnd = (await subscribe(u, 'premium', paid.id)).json().expiresAt;
    }
    expect(new Date(premiumEnd).getTime()).toBeGreaterThan(Date.now() + 88 * DAY);
    const ministry = await paidCheckout(u, 'ministry', 'US');
    const before = Date.now();
    const res = await subscribe(u, 'ministry', ministry.id, 50);
    const after = Date.now();
    expect(res.statusCode).toBe(200);
    const body = res.json<{ plan: string; expiresAt: string }>();
    expect(body.plan).toBe('ministry');
    // Premium is $4.99 and Ministry $50 in the US: the ~3 months left are worth ~9 Ministry days.
    const expires = new Date(body.expiresAt).getTime();
    const expected = (now: number) =>
      addMonths(new Date(now), 1).getTime() + (new Date(premiumEnd).getTime() - now) * (499 / 5000);
    expect(expires).toBeGreaterThanOrEqual(expected(after) - 1000);
    expect(expires).toBeLessThanOrEqual(expected(before) + 1000);
    expect(expires).toBeLessThan(Date.now() + 42 * DAY);
    expect((await u.api.get('/api/subscription')).json()).toMatchObject({
      plan: 'ministry',
      effectivePlan: 'ministry',
      expiresAt: body.expiresAt,
    });
  });

  it('the pricing shows what paying for each plan now would give, computed by the server', async () => {
    const u = await person(t.app);
    const pricingFor = async (country: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/subscription/pricing',
        headers: { authorization: `Bearer ${u.api.token}`, 'cf-ipcountry': country },
      });
      const plans = res.json<{ plans: { id: string; purchase: unknown }[] }>().plans;
      return Object.fromEntries(plans.map((p) => [p.id, p.purchase]));
    };
    const fresh = await pricingFor('US');
    expect(fresh.free).toBeNull();
    expect(fresh.premium).toMatchObject({ plan: 'premium', kind: 'start', convertedDays: 0 });
    const end = new Date(Date.now() + 30 * DAY);
    await setPlan(t.db, u.id, 'premium', end);
    const us = await pricingFor('US');
    expect(us.premium).toEqual({
      plan: 'premium',
      expiresAt: addMonths(end, 1).toISOString(),
      kind: 'extend',
      convertedDays: 0,
    });
    // 30 Premium days at $4.99 against Ministry at $50: 3 days.
    expect(us.ministry).toMatchObject({ plan: 'ministry', kind: 'upgrade', convertedDays: 3 });
    // Against Ministry at $10 in Kenya: 15 days.
    expect((await pricingFor('KE')).ministry).toMatchObject({ kind: 'upgrade', convertedDays: 15 });
    await setPlan(t.db, u.id, 'ministry', end);
    expect((await pricingFor('US')).premium).toMatchObject({
      plan: 'ministry',
      kind: 'add-to-higher',
    });
  });

  it('paying for Premium never lowers an active Ministry plan: its value is added as Ministry time', async () => {
    const u = await person(t.app);
    const first = await paidCheckout(u, 'ministry', 'DE');
    const ministryEnd = (await subscribe(u, 'ministry', first.id, 30)).json().expiresAt as string;
    const premium = await paidCheckout(u, 'premium', 'DE');
    const res = await subscribe(u, 'premium', premium.id);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ plan: string; expiresAt: string }>();
    expect(body.plan).toBe('ministry');
    // A Premium month ($4.99) is worth 4.99/30 of a Ministry month in Germany.
    const end = new Date(ministryEnd);
    const month = addMonths(end, 1).getTime() - end.getTime();
    expect(new Date(body.expiresAt).getTime()).toBe(
      end.getTime() + Math.floor(month * (499 / 3000)),
    );
    expect((await u.api.get('/api/auth/me')).json().plan).toBe('ministry');
    expect((await userRow(u.id)).plan).toBe('ministry');
  });
});

describe('POST /api/subscription/webhook', () => {
  it('refuses a missing or wrong verif-hash and changes nothing', async () => {
    const u = await person(t.app);
    const paid = await paidCheckout(u);
    for (const hash of [null, '', 'wrong', `${HOOK}x`, HOOK.slice(0, -1)]) {
      const res = await webhook(paid.id, hash);
      expect(res.statusCode).toBe(401);
    }
    expect((await paymentOf(paid.txRef)).status).toBe('pending');
    await expectFree(u);
  });

  it('upgrades when the browser never came back; the browser’s late call is idempotent', async () => {
    const u = await person(t.app);
    const paid = await paidCheckout(u);
    const hook = await webhook(paid.id);
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ received: true });
    const row = await userRow(u.id);
    expect(row.plan).toBe('premium');
    const late = await subscribe(u, 'premium', paid.id);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({
      message: 'Your plan has been upgraded.',
      plan: 'premium',
      expiresAt: row.planExpiresAt!.toISOString(),
    });
    expect(await fulfilments(paid.id)).toBe(1);
    expect((await userRow(u.id)).planExpiresAt).toEqual(row.planExpiresAt);
  });

  it('never trusts the body: an unknown or underpaid transaction is acknowledged and ignored', async () => {
    const u = await person(t.app);
    const started = await checkout(u, 'premium');
    const underpaid = flw.pay({
      tx_ref: started.txRef,
      amount: 0.5,
      currency: 'USD',
      status: 'successful',
    });
    expect((await webhook(underpaid)).statusCode).toBe(200);
    expect((await webhook('424242424')).statusCode).toBe(200);
    const noId = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/webhook',
      headers: { 'verif-hash': HOOK },
      payload: { event: 'charge.completed', data: { status: 'successful' } },
    });
    expect(noId.statusCode).toBe(200);
    expect((await paymentOf(started.txRef)).status).toBe('pending');
    await expectFree(u);
  });

  it('answers 503 while Flutterwave is down, so Flutterwave retries', async () => {
    const u = await person(t.app);
    const paid = await paidCheckout(u);
    flw.failing.add(paid.id);
    expect((await webhook(paid.id)).statusCode).toBe(503);
    flw.failing.delete(paid.id);
    expect((await webhook(paid.id)).statusCode).toBe(200);
    expect((await userRow(u.id)).plan).toBe('premium');
  });
});

describe('pricing and headers with payments set up', () => {
  it('says payments are enabled, with the checkout script', async () => {
    const u = await person(t.app);
    const res = await u.api.get('/api/subscription/pricing');
    expect(res.json()).toMatchObject({
      paymentsEnabled: true,
      checkoutScriptUrl: 'https://checkout.flutterwave.com/v3.js',
    });
  });

  it('lets the checkout script and its frame through the CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://checkout.flutterwave.com");
    expect(csp).toMatch(/frame-src 'self' https:\/\/checkout\.flutterwave\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/checkout\.flutterwave\.com/);
  });

  it('a paid plan lifts the group limit at once', async () => {
    const u = await person(t.app);
    const journalId = (await u.api.post('/api/journals', { title: 'J' })).json()._id;
    const group = { name: 'Circle', description: 'We pray', journalId };
    expect((await u.api.post('/api/prayer-groups', group)).statusCode).toBe(402);
    const paid = await paidCheckout(u);
    await subscribe(u, 'premium', paid.id);
    expect((await u.api.post('/api/prayer-groups', group)).statusCode).toBe(201);
  });

  it('a lapsed plan bought again starts from now', async () => {
    const u = await person(t.app);
    await setPlan(t.db, u.id, 'premium', new Date(Date.now() - 10 * DAY));
    const paid = await paidCheckout(u);
    const body = (await subscribe(u, 'premium', paid.id)).json();
    expect(new Date(body.expiresAt).getTime()).toBeLessThan(Date.now() + 32 * DAY);
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
  });
});
