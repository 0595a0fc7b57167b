import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/app.ts';
import {
  bearer,
  buildTestApp,
  randomIp,
  signUp,
  type TestApp,
  uniqueEmail,
  listenOnLoopback,
} from '../build-test-app.ts';
import { FakeFlutterwave } from '../fake-flutterwave.ts';
import { latestMail, linkToken } from '../mailbox.ts';
import { person } from '../people.ts';
import { paidCheckout, unlimitedPlans } from './world.ts';

/**
 * Issue 8 §5 / ASVS 16.2.1, 16.3.1-16.3.3, 16.2.5, 14.2.1: a production-mode run (NODE_ENV and
 * the log settings of server.ts, no SMTP, so mail would be logged) that signs in with a password
 * and with Google (a local OpenID provider), fails to sign in, is refused resources, is rate
 * limited, resets a password and streams notifications, with the production log settings.
 * Every security event is logged with user id (when known), address and request id, and the
 * log holds no password, session token, sign-in code or reset token.
 */
const PASSWORD = 'Logged-run-Pass-8271';
const WRONG = 'Wrong-guess-Pass-5512';
const NEW_PASSWORD = 'Reset-run-Pass-3390';

const FLW_SECRET = 'FLWSECK_TEST-logging-secret-X';
let provider: OAuth2Server;
let flw: FakeFlutterwave;
let t: TestApp;
/** Payments need an https provider URL in production: a second app, same log, test mode. */
let shop: TestApp;
let base = '';
const lines: string[] = [];
const secrets: string[] = [PASSWORD, WRONG, NEW_PASSWORD];
const ips = { alice: randomIp(), bob: randomIp(), stranger: randomIp() };
let aliceId = '';
let bobId = '';

interface LogLine {
  level: number;
  msg: string;
  event?: string;
  userId?: string;
  ip?: string;
  reqId?: string;
  code?: string;
  method?: string;
}
const parsed = () => lines.map((l) => JSON.parse(l) as LogLine);
const events = (event: string) => parsed().filter((l) => l.event === event);

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, {
      sub: `google-${aliceId || 'x'}`,
      email: uniqueEmail('google.log'),
      email_verified: true,
      given_name: 'Gail',
      family_name: 'Logger',
    });
  });
  flw = new FakeFlutterwave(FLW_SECRET);
  await flw.start();
  secrets.push(FLW_SECRET);
  const options = loggerOptions('info') as Record<string, unknown>;
  t = await buildTestApp({
    env: {
      NODE_ENV: 'production',
      GOOGLE_CLIENT_ID: 'selah-log-client',
      GOOGLE_CLIENT_SECRET: 'selah-log-secret',
      GOOGLE_ISSUER_URL: provider.issuer.url!,
    },
    logger: { ...options, stream: { write: (line: string) => lines.push(line) } },
  });
  shop = await buildTestApp({
    env: {
      FLUTTERWAVE_PUBLIC_KEY: 'FLWPUBK_TEST-logging-X',
      FLUTTERWAVE_SECRET_KEY: FLW_SECRET,
      FLUTTERWAVE_API_URL: flw.url,
    },
    logger: { ...options, stream: { write: (line: string) => lines.push(line) } },
  });
  base = await listenOnLoopback(t.app);
  await journey();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await shop?.close();
  await provider?.stop();
  await flw?.stop();
});

const inject = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  opts: { token?: string; payload?: object; ip?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: opts.ip ?? ips.alice,
    headers: { ...(opts.token ? bearer(opts.token) : {}), ...opts.headers },
    ...(opts.payload ? { payload: opts.payload } : {}),
  });

async function journey(): Promise<void> {
  const email = uniqueEmail('alice.log');
  expect(
    (
      await inject('POST', '/api/auth/register', {
        payload: { firstName: 'Alice', lastName: 'Log', email, password: PASSWORD },
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (await inject('POST', '/api/auth/login', { payload: { email, password: WRONG } })).statusCode,
  ).toBe(401);
  expect(
    (
      await inject('POST', '/api/auth/login', {
        payload: { email: uniqueEmail('nobody'), password: WRONG },
        ip: ips.stranger,
      })
    ).statusCode,
  ).toBe(401);
  const signedIn = await inject('POST', '/api/auth/login', {
    payload: { email, password: PASSWORD },
  });
  const alice = signedIn.json<{ token: string; user: { _id: string } }>();
  aliceId = alice.user._id;
  secrets.push(alice.token);

  const bob = await person(t.app, 'Bob');
  bobId = bob.id;
  secrets.push(bob.api.token!);

  // Refusals: a hidden journal (404), a group admin action (403), a bad token (401).
  const journal = (
    await inject('POST', '/api/journals', { token: alice.token, payload: { title: 'Hidden' } })
  ).json<{ _id: string }>()._id;
  expect(
    (await inject('GET', `/api/journals/${journal}`, { token: bob.api.token!, ip: ips.bob }))
      .statusCode,
  ).toBe(404);
  await unlimitedPlans(t.db); // groups need a paid plan; plans are not what this run is about
  const group = (
    await inject('POST', '/api/prayer-groups', {
      token: alice.token,
      payload: { name: 'Logged', description: 'Logged', journalId: journal },
    })
  ).json<{ data: { _id: string } }>().data._id;
  expect(
    (
      await inject('PUT', `/api/prayer-groups/${group}`, {
        token: bob.api.token!,
        ip: ips.bob,
        payload: { name: 'Mine now' },
      })
    ).statusCode,
  ).toBe(403);
  expect(
    (await inject('GET', '/api/auth/me', { token: 'not.a.token', ip: ips.stranger })).statusCode,
  ).toBe(401);

  // Rate limited: the sixth reset request for one account in 30 minutes.
  for (let i = 0; i < 6; i++)
    await inject('POST', '/api/auth/forgot-password', { payload: { email }, ip: randomIp() });
  await t.app.services.auth.settled();

  // The address confirmed with the link sign-up mailed, then the same link again (refused).
  const verifyMail = await latestMail(t.db, email, 'Confirm your e-mail address for Selah');
  const verifyToken = linkToken(verifyMail!.text, '/verify-email');
  secrets.push(verifyToken);
  for (const expected of [200, 400])
    expect(
      (await inject('POST', '/api/auth/verify-email', { payload: { token: verifyToken } }))
        .statusCode,
    ).toBe(expected);

  // Password reset with the mailed link, then the same link again (refused).
  const mail = await latestMail(t.db, email, 'Reset your Selah password');
  const resetToken = linkToken(mail!.text, '/reset-password');
  secrets.push(resetToken);
  for (const expected of [200, 400])
    expect(
      (
        await inject('POST', '/api/auth/reset-password', {
          payload: { token: resetToken, password: NEW_PASSWORD },
        })
      ).statusCode,
    ).toBe(expected);
  const again = (
    await inject('POST', '/api/auth/login', { payload: { email, password: NEW_PASSWORD } })
  ).json<{ token: string }>().token;
  secrets.push(again);

  // The notification stream, over real HTTP, authenticated by header.
  const controller = new AbortController();
  const stream = await fetch(`${base}/api/notifications/stream`, {
    headers: bearer(again),
    signal: controller.signal,
  });
  expect(stream.status).toBe(200);
  const reader = stream.body!.getReader();
  await reader.read();
  controller.abort();

  // Google sign-in through the local provider, then a replayed code.
  const start = await inject('GET', '/api/auth/google');
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  const authorize = await fetch(start.headers.location!, { redirect: 'manual' });
  const callback = new URL(authorize.headers.get('location')!);
  secrets.push(callback.searchParams.get('code')!, callback.searchParams.get('state')!);
  const landing = await inject('GET', `${callback.pathname}${callback.search}`, {
    headers: { cookie },
  });
  const code = new URL(landing.headers.location!).searchParams.get('token')!;
  const handoff = ([] as string[])
    .concat(landing.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('selah_google_handoff='))!;
  secrets.push(code, handoff.split('=')[1]!);
  const exchange = () =>
    inject('POST', '/api/auth/exchange', { payload: { code }, headers: { cookie: handoff } });
  const exchanged = await exchange();
  expect(exchanged.statusCode).toBe(200);
  secrets.push(exchanged.json<{ token: string }>().token);
  expect((await exchange()).statusCode).toBe(401);

  // A payment, verified with the (fake) provider, whose answer carries card details.
  const buyer = await signUp(shop.app, { password: PASSWORD });
  secrets.push(buyer.token);
  const transactionId = await paidCheckout(shop.app, flw, buyer.token);
  const paid = await shop.app.inject({
    method: 'POST',
    url: '/api/subscription/subscribe',
    headers: bearer(buyer.token),
    payload: { plan: 'premium', transactionId, amount: 4.99 },
  });
  expect(paid.statusCode, paid.body).toBe(200);

  expect((await inject('POST', '/api/auth/logout', { token: again })).statusCode).toBe(204);
}

describe('the security log of a full run', () => {
  it('logs every sign-in with user id, address and request id', () => {
    const logins = events('login');
    expect(logins.some((l) => l.userId === aliceId && l.ip === ips.alice && l.reqId)).toBe(true);
    expect(logins.some((l) => l.method === 'google' && l.userId && l.reqId)).toBe(true);
    const google = events('google_login');
    expect(google).toHaveLength(1);
    expect(google[0]).toMatchObject({ userId: expect.any(String), ip: expect.any(String) });
    expect(google[0]!.reqId).toEqual(expect.any(String));
  });

  it('logs every failed sign-in: known account with its id, unknown without, replayed codes', () => {
    const failed = events('login_failed');
    expect(failed.some((l) => l.userId === aliceId && l.ip === ips.alice && l.reqId)).toBe(true);
    expect(failed.some((l) => !l.userId && l.ip === ips.stranger && l.reqId)).toBe(true);
    expect(failed.some((l) => l.method === 'google_code' && l.reqId)).toBe(true);
    expect(events('reset_failed').some((l) => l.ip === ips.alice && l.reqId)).toBe(true);
  });

  it('logs refusals (401, 403, 404) and rate limits (429) with who, where and the request', () => {
    expect(events('auth_denied').some((l) => l.ip === ips.stranger && l.reqId)).toBe(true);
    const denied = events('access_denied');
    expect(
      denied.some(
        (l) => l.code === 'NOT_FOUND' && l.userId === bobId && l.ip === ips.bob && l.reqId,
      ),
    ).toBe(true);
    expect(
      denied.some(
        (l) => l.code === 'FORBIDDEN' && l.userId === bobId && l.ip === ips.bob && l.reqId,
      ),
    ).toBe(true);
    expect(events('rate_limited').some((l) => l.ip && l.reqId)).toBe(true);
  });

  it('never logs a password, session token, sign-in code, OAuth state, reset token or card detail', () => {
    const text = lines.join('\n');
    expect(secrets.length).toBeGreaterThanOrEqual(10);
    expect(text).not.toMatch(/eyJ[\w-]{10,}/);
    expect(text).not.toMatch(/first_6digits|last_4digits|MASTERCARD|"card"/);
    for (const secret of secrets) {
      const at = text.indexOf(secret);
      expect(at, `a secret in the log: ${text.slice(Math.max(0, at - 300), at + 100)}`).toBe(-1);
    }
  });

  it('logs request URLs without their query strings', () => {
    const urls = parsed()
      .map((l) => (l as { req?: { url?: string } }).req?.url)
      .filter((u): u is string => typeof u === 'string');
    expect(urls.some((u) => u.startsWith('/api/auth/google/callback'))).toBe(true);
    expect(urls.filter((u) => u.includes('?'))).toEqual([]);
  });
});
