import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, mailOutbox, sessions, users } from '../../db/schema/index.ts';
import {
  bearer,
  buildTestApp,
  randomIp,
  signUp,
  STRONG_PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../../../test/build-test-app.ts';
import { latestMail, linkToken } from '../../../test/mailbox.ts';
import { REGISTERED_MESSAGE } from './auth.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const register = (payload: Record<string, unknown>, ip = randomIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: ip });
const login = (payload: Record<string, unknown>, ip = randomIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('POST /api/auth/register', () => {
  it('creates the account with the spec defaults and an Argon2id hash', async () => {
    const email = uniqueEmail('New.Person');
    const res = await register({
      firstName: ' Ada ',
      lastName: 'Lovelace',
      email,
      password: STRONG_PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: REGISTERED_MESSAGE });
    const { user } = (await login({ email, password: STRONG_PASSWORD })).json();
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      firstName: 'Ada',
      role: 'user',
      settings: {
        theme: 'system',
        privacy: { defaultJournalVisibility: 'private', showActivityToFriends: false },
      },
      notificationPreferences: { emailNotifications: true, prayerUpdateNotifications: true },
    });
    // A handle from the name, never from the address (masked e-mails stay masked: ADR 038).
    expect(user.username).toMatch(/^ada\.lovelace\d*$/);
    expect(JSON.stringify(user)).not.toContain('argon2');
    const [row] = await t.db.db.select().from(users).where(eq(users.id, user._id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=47104,t=3,p=1\$/);
  });

  it('gives a non-Latin name a readable username, not "member" (issue 29 §5)', async () => {
    const email = uniqueEmail('cyrillic');
    const res = await register({
      firstName: 'Ольга',
      lastName: 'Петрова',
      email,
      password: STRONG_PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    const { user } = (await login({ email, password: STRONG_PASSWORD })).json();
    expect(user.username).toMatch(/^olga\.petrova\d*$/);
  });

  it('answers a registered e-mail (compared case-insensitively) like a new one and tells its owner', async () => {
    const email = uniqueEmail();
    const first = await register({
      firstName: 'A',
      lastName: 'B',
      email,
      password: STRONG_PASSWORD,
    });
    expect(first.statusCode).toBe(201);
    const before = await t.db.db.$count(users);
    const again = await register({
      firstName: 'Someone',
      lastName: 'Else',
      email: email.toUpperCase(),
      password: 'Another-Pass-987',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    await t.app.services.auth.settled();
    expect(await t.db.db.$count(users)).toBe(before);
    // The account and its password are untouched; its owner hears about the attempt.
    expect((await login({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    expect((await login({ email, password: 'Another-Pass-987' })).statusCode).toBe(401);
    const mail = await latestMail(t.db, email, 'You already have a Selah account');
    expect(mail!.text).toContain('http://localhost:3000/forgot-password');
  });

  it.each([
    [
      { firstName: '', lastName: 'B', email: 'a@b.co', password: STRONG_PASSWORD },
      'First name is required.',
    ],
    [
      { firstName: 'A', lastName: '  ', email: 'a@b.co', password: STRONG_PASSWORD },
      'Last name is required.',
    ],
    [
      { firstName: 'A', lastName: 'B', email: 'not-an-email', password: STRONG_PASSWORD },
      'Please enter a valid email address.',
    ],
    [
      { firstName: 'A', lastName: 'B', email: 'a@b.co', password: 'short' },
      'Password must be at least 8 characters.',
    ],
    [
      { firstName: 'A', lastName: 'B', email: 'a@b.co', password: 'password123' },
      'This password is too common. Please choose a less guessable one.',
    ],
    [{ lastName: 'B', email: 'a@b.co', password: STRONG_PASSWORD }, 'First name is required.'],
    [
      { firstName: 'A', lastName: 'B', email: 'a@b.co', password: STRONG_PASSWORD, role: 'admin' },
      'Unrecognized key: "role"',
    ],
    [
      { firstName: 'A'.repeat(101), lastName: 'B', email: 'a@b.co', password: STRONG_PASSWORD },
      'First name must be 100 characters or less.',
    ],
  ])('rejects %j with "%s" and writes nothing', async (payload, message) => {
    const before = await t.db.db.$count(users);
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(res.json().requestId).toEqual(expect.any(String));
    expect(await t.db.db.$count(users)).toBe(before);
  });

  it('accepts long passwords without truncating them', async () => {
    const password = `${'x'.repeat(100)}-tail-A1`;
    const { email } = await signUp(t.app, { password });
    const wrong = await login({ email, password: `${'x'.repeat(100)}-tail-B2` });
    expect(wrong.statusCode).toBe(401);
  });
});

describe('POST /api/auth/login', () => {
  it('returns a token and the user; e-mail is case-insensitive', async () => {
    const { email } = await signUp(t.app);
    const res = await login({ email: email.toUpperCase(), password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.user.email).toBe(email);
    expect((await me(body.token)).json().email).toBe(email);
  });

  it('brings a hash made with older Argon2id parameters up to today’s after a sign-in', async () => {
    const { email, userId } = await signUp(t.app);
    const older = await hash(STRONG_PASSWORD, {
      algorithm: 2,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    await t.db.db.update(users).set({ passwordHash: older }).where(eq(users.id, userId));

    expect((await login({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    await t.app.services.auth.settled();
    const [row] = await t.db.db.select().from(users).where(eq(users.id, userId));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=47104,t=3,p=1\$/);
    expect((await login({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    expect((await login({ email, password: 'Wrong-password-42' })).statusCode).toBe(401);
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const { email } = await signUp(t.app);
    const wrong = await login({ email, password: 'not-the-password' });
    const unknown = await login({ email: uniqueEmail('nobody'), password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password.');
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('limits attempts per address: 25 per 5 minutes, then 429 with Retry-After', async () => {
    const ip = randomIp();
    for (let i = 0; i < 25; i++) {
      const res = await login({ email: uniqueEmail('x'), password: 'wrong-password' }, ip);
      expect(res.statusCode).toBe(401);
    }
    const limited = await login({ email: uniqueEmail('x'), password: 'wrong-password' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(/Too many attempts/);
    // Another address is not affected.
    expect((await login({ email: uniqueEmail('x'), password: 'wrong-password' })).statusCode).toBe(
      401,
    );
  });

  it('limits failed attempts per account across addresses: 25 per hour', async () => {
    const { email } = await signUp(t.app);
    for (let i = 0; i < 25; i++) {
      expect((await login({ email, password: 'wrong-password' })).statusCode).toBe(401);
    }
    const limited = await login({ email, password: STRONG_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('sessions', () => {
  it('GET /api/auth/me without a token is 401 with the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', requestId: expect.any(String) });
  });

  it('logout revokes this session at once but not others', async () => {
    const user = await signUp(t.app);
    const second = (await login({ email: user.email, password: user.password })).json()
      .token as string;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(user.token),
    });
    expect(out.statusCode).toBe(204);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('logout-all revokes every session', async () => {
    const user = await signUp(t.app);
    const second = (await login({ email: user.email, password: user.password })).json()
      .token as string;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/logout-all',
          headers: bearer(user.token),
        })
      ).statusCode,
    ).toBe(204);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
  });

  it('rejects tampered, unsigned, foreign-key and expired tokens', async () => {
    const user = await signUp(t.app);
    const [header, payload, signature] = user.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forged = Buffer.from(
      JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' }),
    ).toString('base64url');
    const unsigned = new UnsecuredJWT(claims).encode();
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(64)));
    for (const token of [
      `${header}.${forged}.${signature}`,
      unsigned,
      otherKey,
      'garbage',
      `${user.token}x`,
    ]) {
      expect((await me(token)).statusCode).toBe(401);
    }
    // A session past its expiry no longer authenticates, even with a valid signature.
    await t.db.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.userId));
    expect((await me(user.token)).statusCode).toBe(401);
  });

  it('remember-me makes a 30-day session, otherwise one day', async () => {
    const user = await signUp(t.app);
    const long = (
      await login({ email: user.email, password: user.password, rememberMe: true })
    ).json().token as string;
    const exp = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        exp: number;
        iat: number;
      };
    const day = exp(user.token);
    const month = exp(long);
    expect(day.exp - day.iat).toBeLessThanOrEqual(24 * 3600 + 5);
    expect(month.exp - month.iat).toBeGreaterThan(29 * 24 * 3600);
  });
});

describe('password reset', () => {
  // The link is written after the answer (same timing for unknown addresses): wait for it.
  const forgot = async (email: string, ip = randomIp()) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: ip,
    });
    await t.app.services.auth.settled();
    return res;
  };

  it('answers the same for known and unknown addresses and queues mail only for the known one', async () => {
    const user = await signUp(t.app);
    await t.app.services.auth.settled();
    const before = await t.db.db.$count(mailOutbox);
    const known = await forgot(user.email.toUpperCase());
    const unknown = await forgot(uniqueEmail('ghost'));
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(await t.db.db.$count(mailOutbox)).toBe(before + 1);
    const mail = await latestMail(t.db, user.email, 'Reset your Selah password');
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[\w-]{40,}/);
  });

  it('sets a new password once, ends every session, and refuses a reused or unknown link', async () => {
    const user = await signUp(t.app);
    await forgot(user.email);
    const mail = await latestMail(t.db, user.email, 'Reset your Selah password');
    const token = linkToken(mail!.text, '/reset-password');
    const newPassword = 'A-brand-new-Pass-99';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await login({ email: user.email, password: newPassword })).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Another-Pass-77x' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
  });

  it('refuses an expired link', async () => {
    const user = await signUp(t.app);
    await forgot(user.email);
    const mail = await latestMail(t.db, user.email, 'Reset your Selah password');
    const token = linkToken(mail!.text, '/reset-password');
    await t.db.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(authTokens.userId, user.userId));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'A-brand-new-Pass-99' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('limits reset requests per account: 5 per 30 minutes', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 5; i++) expect((await forgot(user.email)).statusCode).toBe(200);
    const limited = await forgot(user.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('e-mail verification', () => {
  const open = (token: string, ip = randomIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
      remoteAddress: ip,
    });
  const resend = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email/resend',
      headers: bearer(token),
    });
  const SUBJECT = 'Confirm your e-mail address for Selah';

  it('sign-up mails a link; the account signs in unconfirmed until the link is opened, once', async () => {
    const user = await signUp(t.app);
    await t.app.services.auth.settled();
    const signedIn = await login({ email: user.email, password: user.password });
    expect(signedIn.json().user).toMatchObject({ email: user.email, emailVerified: false });
    expect((await me(user.token)).json().emailVerified).toBe(false);

    const mail = await latestMail(t.db, user.email, SUBJECT);
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/verify-email\?token=[\w-]{40,}/);
    const token = linkToken(mail!.text, '/verify-email');
    const opened = await open(token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({
      email: user.email,
      message: 'Thank you: your e-mail address is confirmed.',
    });
    expect((await me(user.token)).json().emailVerified).toBe(true);
    const again = await open(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
    expect((await open('not-a-real-token')).statusCode).toBe(400);
  });

  it('sends no link for an address that already has an account (the owner gets the notice instead)', async () => {
    const user = await signUp(t.app);
    await t.app.services.auth.settled();
    const before = await t.db.db.$count(mailOutbox, eq(mailOutbox.to, user.email));
    const again = await register({
      firstName: 'X',
      lastName: 'Y',
      email: user.email,
      password: 'Another-Pass-987',
    });
    expect(again.json()).toEqual({ message: REGISTERED_MESSAGE });
    await t.app.services.auth.settled();
    const mails = await t.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mails).toHaveLength(before + 1);
    expect(mails.filter((m) => m.subject === SUBJECT)).toHaveLength(1);
  });

  it('sends the link again on request, 3 times an hour, voiding the older one; not once confirmed', async () => {
    const user = await signUp(t.app);
    await t.app.services.auth.settled();
    const first = linkToken((await latestMail(t.db, user.email, SUBJECT))!.text, '/verify-email');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend' })).statusCode,
    ).toBe(401);
    const sent = await resend(user.token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(`We sent a new link to ${user.email}. It works for 24 hours.`);
    const second = linkToken((await latestMail(t.db, user.email, SUBJECT))!.text, '/verify-email');
    expect(second).not.toBe(first);
    expect((await open(first)).statusCode).toBe(400);
    expect((await resend(user.token)).statusCode).toBe(200);
    expect((await resend(user.token)).statusCode).toBe(200);
    const limited = await resend(user.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();

    const last = linkToken((await latestMail(t.db, user.email, SUBJECT))!.text, '/verify-email');
    expect((await open(last)).statusCode).toBe(200);
    const other = await signUp(t.app);
    await t.app.services.auth.settled();
    const confirmed = linkToken(
      (await latestMail(t.db, other.email, SUBJECT))!.text,
      '/verify-email',
    );
    expect((await open(confirmed)).statusCode).toBe(200);
    expect((await resend(other.token)).json().message).toBe(
      'Your e-mail address is confirmed already.',
    );
  });

  it('a password reset link proves the address too', async () => {
    const user = await signUp(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    await t.app.services.auth.settled();
    const mail = await latestMail(t.db, user.email, 'Reset your Selah password');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: linkToken(mail!.text, '/reset-password'), password: 'Fresh-Pass-4242' },
    });
    const after = await login({ email: user.email, password: 'Fresh-Pass-4242' });
    expect(after.json().user.emailVerified).toBe(true);
  });
});

describe('GET /api/auth/providers', () => {
  it('says Google is off when no credentials are configured, and /google explains it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
      google: false,
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain('/login?error=oauth_error');
    expect(decodeURIComponent(res.headers.location!.replace(/\+/g, ' '))).toContain(
      'Google sign-in is not set up',
    );
  });
});

describe('tokens of the links the server sends', () => {
  it('refuses a token or code no link could hold with the message of that link, not a parser’s', async () => {
    const long = 'a'.repeat(201);
    const cases: [string, Record<string, unknown>, string][] = [
      [
        '/api/auth/reset-password',
        { token: long, password: STRONG_PASSWORD },
        'The reset link is invalid.',
      ],
      ['/api/auth/verify-email', { token: long }, 'The link is invalid.'],
      ['/api/auth/verify-email', { token: 42 }, 'The link is invalid.'],
      [
        '/api/auth/exchange',
        { code: long },
        'This sign-in link has expired. Please sign in again.',
      ],
    ];
    for (const [url, payload, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress: randomIp() });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
  });
});
