import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPayment, AdminPaymentPage } from '@selah/shared/schemas/admin';
import { payments } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { FakeFlutterwave } from '../../../test/fake-flutterwave.ts';
import { person, type Person } from '../../../test/people.ts';
import { runAdminCommand } from './admin-roles.ts';

const SECRET = 'FLWSECK_TEST-admin-0123456789-X';
let t: TestApp;
let flw: FakeFlutterwave;
let admin: Person;
let customer: Person;
let secondCharge: string;

beforeAll(async () => {
  flw = new FakeFlutterwave(SECRET);
  await flw.start();
  t = await buildTestApp({
    env: {
      FLUTTERWAVE_PUBLIC_KEY: 'FLWPUBK_TEST-admin-X',
      FLUTTERWAVE_SECRET_KEY: SECRET,
      FLUTTERWAVE_API_URL: flw.url,
    },
  });
  [admin, customer] = [await person(t.app, 'Ops'), await person(t.app, 'Customer')];
  // The customer starts two checkouts, pays the first twice and leaves the second.
  const started = (
    await customer.api.post('/api/subscription/checkout', { plan: 'premium' })
  ).json<{
    txRef: string;
    amount: number;
    currency: string;
  }>();
  const pay = () =>
    flw.pay({
      tx_ref: started.txRef,
      amount: started.amount,
      currency: 'USD',
      status: 'successful',
    });
  const [first, second] = [pay(), pay()];
  secondCharge = second;
  const subscribe = (transactionId: string) =>
    customer.api.post('/api/subscription/subscribe', { plan: 'premium', transactionId });
  expect((await subscribe(first)).statusCode).toBe(200);
  flw.failingRefunds.add(second);
  expect((await subscribe(second)).statusCode).toBe(409);
  await customer.api.post('/api/subscription/checkout', { plan: 'ministry' });
});
afterAll(async () => {
  await t?.close();
  await flw?.stop();
});

const list = (p: Person | null, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/payments${query}`,
    headers: p ? { authorization: `Bearer ${p.api.token}` } : {},
  });

describe('npm run admin', () => {
  it('grants, lists and revokes the admin role by e-mail; says so when there is no account', async () => {
    const someone = await person(t.app, 'Someone');
    expect(await runAdminCommand(t.db.db, ['grant', `  ${someone.email.toUpperCase()} `])).toEqual({
      code: 0,
      lines: [expect.stringMatching(/ is an admin now\.$/), expect.any(String)],
    });
    expect((await runAdminCommand(t.db.db, ['list'])).lines).toContainEqual(
      expect.stringContaining(someone.email),
    );
    expect((await runAdminCommand(t.db.db, ['revoke', someone.email])).code).toBe(0);
    expect((await runAdminCommand(t.db.db, ['list'])).lines.join()).not.toContain(someone.email);
    expect(await runAdminCommand(t.db.db, ['grant', 'nobody@example.test'])).toEqual({
      code: 1,
      lines: ['No account has the e-mail nobody@example.test.'],
    });
    for (const args of [[], ['grant'], ['promote', someone.email], ['grant', 'a@b.c', 'extra']]) {
      expect((await runAdminCommand(t.db.db, args)).code).toBe(2);
    }
  });
});

describe('GET /api/admin/payments', () => {
  it('answers a non-admin exactly like a route that does not exist, whatever the query', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payment',
      headers: { authorization: `Bearer ${customer.api.token}` },
    });
    expect(unknown.statusCode).toBe(404);
    const shape = (res: typeof unknown, url: string) => {
      const body = res.json<Record<string, unknown>>();
      return {
        status: res.statusCode,
        keys: Object.keys(body).sort(),
        code: body.code,
        message: String(body.message).replace(url, 'URL'),
      };
    };
    for (const query of ['', '?limit=5', '?limit=abc&status=nope', '?cursor=%00']) {
      const res = await list(customer, query);
      expect(shape(res, '/api/admin/payments')).toEqual(shape(unknown, '/api/admin/payment'));
      expect(res.json().message).toBe('Route GET /api/admin/payments not found.');
    }
    expect((await list(null)).statusCode).toBe(401);
  });

  it('lists every payment for an admin, newest first, with its status, user and refund', async () => {
    await runAdminCommand(t.db.db, ['grant', admin.email]);
    const res = await list(admin, '?limit=100');
    expect(res.statusCode).toBe(200);
    const page = res.json<AdminPaymentPage>();
    const mine = page.data.filter((p) => p.user._id === customer.id);
    expect(mine.map((p) => [p.plan, p.status])).toEqual([
      ['ministry', 'pending'],
      ['premium', 'needs_refund'],
      ['premium', 'successful'],
    ]);
    const [, extra, paid] = mine as [AdminPayment, AdminPayment, AdminPayment];
    expect(extra).toMatchObject({
      user: { _id: customer.id, email: customer.email },
      amount: 4.99,
      currency: 'USD',
      providerTransactionId: secondCharge,
      duplicateOf: paid._id,
      txRef: paid.txRef,
      refund: {
        attempts: 1,
        refundedAt: null,
        providerRefundId: null,
        error: 'Flutterwave unavailable (refund answered 503)',
      },
    });
    expect(paid.refund).toBeNull();
    expect(JSON.stringify(page)).not.toMatch(/553188|passwordHash|password_hash/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('pages with a cursor and filters by status; a later refund shows as refunded', async () => {
    const pages: AdminPayment[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await list(admin, `?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page: AdminPaymentPage = res.json();
      expect(page.data.length).toBeLessThanOrEqual(1);
      pages.push(...page.data);
      cursor = page.nextCursor;
    }
    const all = (await list(admin, '?limit=100')).json<AdminPaymentPage>().data;
    expect(pages.map((p) => p._id)).toEqual(all.map((p) => p._id));

    const needs = (await list(admin, '?status=needs_refund')).json<AdminPaymentPage>().data;
    expect(needs.map((p) => p.providerTransactionId)).toContain(secondCharge);
    expect(needs.every((p) => p.status === 'needs_refund')).toBe(true);

    // Flutterwave is back, and the last attempt was over an hour ago.
    flw.failingRefunds.delete(secondCharge);
    await t.db.db
      .update(payments)
      .set({ refundAttemptedAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(payments.providerTransactionId, secondCharge));
    await t.app.services.payments.housekeeping(t.app.log);
    expect((await list(admin, '?status=needs_refund')).json<AdminPaymentPage>().data).toEqual([]);
    const refunded = (await list(admin, '?status=refunded')).json<AdminPaymentPage>().data;
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.refund).toMatchObject({
      attempts: 2,
      refundedAt: expect.any(String),
      error: null,
    });
  });

  it('refuses a bad cursor, status or page size with 400', async () => {
    const bad = Buffer.from(JSON.stringify(['not a date', 'x'])).toString('base64url');
    for (const query of [`?cursor=${bad}`, '?cursor=!!', '?status=paid', '?limit=1000']) {
      const res = await list(admin, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('an admin made ordinary again gets the 404 of everyone else', async () => {
    const ops = await person(t.app, 'Temp');
    await runAdminCommand(t.db.db, ['grant', ops.email]);
    expect((await list(ops)).statusCode).toBe(200);
    await runAdminCommand(t.db.db, ['revoke', ops.email]);
    expect((await list(ops)).statusCode).toBe(404);
  });
});
