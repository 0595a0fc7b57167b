import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, sessions } from '../../db/schema/index.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import {
  bearer,
  buildTestApp,
  STRONG_PASSWORD,
  type TestApp,
  listenOnLoopback,
} from '../../../test/build-test-app.ts';
import { latestMail, linkToken } from '../../../test/mailbox.ts';
import { person, type Person } from '../../../test/people.ts';
import { openSse, type SseConnection } from '../../../test/sse-client.ts';
import { SESSION_CHECK_MS } from '../notifications/open-streams.ts';

/**
 * Ending a session ends everything that hangs on it, at once, in this process: its open
 * notification streams, its push subscriptions, and anything remembered about it (ADR 040).
 * Two processes: test/multi-instance.test.ts.
 */
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp();
  base = await listenOnLoopback(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** Another session of the same person (a second device). */
async function secondDevice(p: Person, password = STRONG_PASSWORD): Promise<Api> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: p.email, password },
  });
  expect(res.statusCode).toBe(200);
  return apiAs(t.app, res.json<{ token: string }>().token);
}

async function stream(api: Api): Promise<SseConnection> {
  const s = await openSse(`${base}/api/notifications/stream`, bearer(api.token!));
  expect(s.status).toBe(200);
  await s.waitFor((e) => e.event === 'unread');
  return s;
}

async function subscribePush(api: Api, name: string): Promise<void> {
  const res = await api.post('/api/push/subscriptions', {
    endpoint: `https://push.example.com/${name}-${Math.random().toString(36).slice(2)}`,
    keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
  });
  expect(res.statusCode).toBe(201);
}

const pushCount = (userId: string) =>
  t.db.db.$count(pushSubscriptions, eq(pushSubscriptions.userId, userId));

/** Resolves with how long the stream took to end, or rejects after `withinMs`. */
async function endsWithin(s: SseConnection, withinMs: number): Promise<number> {
  const started = Date.now();
  await Promise.race([
    s.ended,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`stream still open after ${withinMs} ms`)), withinMs),
    ),
  ]);
  return Date.now() - started;
}

describe('ending a session ends its notification streams and push subscriptions', () => {
  it('logout ends this session’s stream at once, and not another session’s', async () => {
    const [a, friend] = await Promise.all([person(t.app, 'Ann'), person(t.app, 'Fay')]);
    const phone = await secondDevice(a);
    const [laptopStream, phoneStream] = await Promise.all([stream(a.api), stream(phone)]);
    await subscribePush(a.api, 'laptop');
    await subscribePush(phone, 'phone');

    expect((await a.api.post('/api/auth/logout')).statusCode).toBe(204);
    expect(await endsWithin(laptopStream, 1_000)).toBeLessThan(1_000);
    expect(await pushCount(a.id)).toBe(1);

    // The phone's session goes on: its stream still delivers.
    await friend.api.post(`/api/friends/request/${a.id}`);
    await phoneStream.waitFor((e) => e.event === 'notification');
    expect(phoneStream.isEnded()).toBe(false);
    phoneStream.close();
  });

  it('sign out everywhere ends every stream of the account; nothing is delivered to them after', async () => {
    const [a, friend] = await Promise.all([person(t.app, 'Bo'), person(t.app, 'Gil')]);
    const phone = await secondDevice(a);
    const streams = await Promise.all([stream(a.api), stream(phone)]);
    await subscribePush(a.api, 'laptop');
    await subscribePush(phone, 'phone');

    expect((await phone.post('/api/auth/logout-all')).statusCode).toBe(204);
    for (const s of streams) expect(await endsWithin(s, 1_000)).toBeLessThan(1_000);
    expect(await pushCount(a.id)).toBe(0);
    await friend.api.post(`/api/friends/request/${a.id}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const s of streams) expect(s.events.filter((e) => e.event === 'notification')).toEqual([]);
  });

  it('a password reset ends every stream and push subscription of the account', async () => {
    const a = await person(t.app, 'Cy');
    const s = await stream(a.api);
    await subscribePush(a.api, 'laptop');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: a.email },
    });
    await t.app.services.auth.settled();
    const mail = await latestMail(t.db, a.email, 'Reset your Selah password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: linkToken(mail!.text, '/reset-password'), password: 'Cys-new-Pass-77' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await endsWithin(s, 1_000)).toBeLessThan(1_000);
    expect(await pushCount(a.id)).toBe(0);
  });

  it('deleting the account ends its streams', async () => {
    const a = await person(t.app, 'Dee');
    const phone = await secondDevice(a);
    const streams = await Promise.all([stream(a.api), stream(phone)]);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(a.api.token!),
      payload: { confirm: 'DELETE', password: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(204);
    for (const s of streams) expect(await endsWithin(s, 1_000)).toBeLessThan(1_000);
  });

  it('a confirmed e-mail change ends the other sessions’ streams and keeps the asking one’s', async () => {
    const a = await person(t.app, 'Eve');
    const phone = await secondDevice(a);
    const [laptopStream, phoneStream] = await Promise.all([stream(a.api), stream(phone)]);
    await subscribePush(phone, 'phone');
    const next = `eve.${Date.now()}@example.test`;
    await a.api.put('/api/users/me/email', { email: next, password: STRONG_PASSWORD });
    const mail = await latestMail(t.db, next, 'Confirm your new e-mail address for Selah');
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: linkToken(mail!.text, '/verify-email') },
    });
    expect(opened.statusCode).toBe(200);
    expect(await endsWithin(phoneStream, 1_000)).toBeLessThan(1_000);
    expect(await pushCount(a.id)).toBe(0);
    expect(laptopStream.isEnded()).toBe(false);
    laptopStream.close();
  });

  it(
    'a stream whose session ended unannounced (revoked elsewhere, expired) ends at the next check',
    async () => {
      const a = await person(t.app, 'Flo');
      const phone = await secondDevice(a);
      const [revoked, expired] = await Promise.all([stream(a.api), stream(phone)]);
      // Written straight to the database: no message reaches the stream, as when another
      // process revoked it while Redis was down.
      await t.db.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, a.id), eq(sessions.id, await sessionIdOf(a.api))));
      await t.db.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, await sessionIdOf(phone)));
      const bound = SESSION_CHECK_MS + 2_000;
      expect(await endsWithin(revoked, bound)).toBeLessThan(bound);
      expect(await endsWithin(expired, bound)).toBeLessThan(bound);
    },
    SESSION_CHECK_MS * 2 + 10_000,
  );
});

describe('nothing remembered outlives a revocation (one process; two: multi-instance.test.ts)', () => {
  it('a session and an answer read just before sign-out everywhere are not served after it', async () => {
    const a = await person(t.app, 'Gus');
    const phone = await secondDevice(a);
    // Read twice: anything remembered would answer the second time (nothing is, ADR 046).
    for (let i = 0; i < 2; i++) {
      expect((await a.api.get('/api/auth/me')).statusCode).toBe(200);
      expect((await a.api.get('/api/journals/get')).statusCode).toBe(200);
    }
    expect((await phone.post('/api/auth/logout-all')).statusCode).toBe(204);
    expect((await a.api.get('/api/auth/me')).statusCode).toBe(401);
    expect((await a.api.get('/api/journals/get')).statusCode).toBe(401);
  });
});

/** The session id a token names (its `sid` claim). */
async function sessionIdOf(api: Api): Promise<string> {
  const payload = decodeJwt(api.token!);
  return String(payload.sid);
}
