import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userIdentities, users } from '../../db/schema/index.ts';
import {
  bearer,
  buildTestApp,
  signUp,
  type TestApp,
  uniqueEmail,
} from '../../../test/build-test-app.ts';

/** A real local OpenID provider standing in for Google. */
let provider: OAuth2Server;
let t: TestApp;
let claims: Record<string, unknown> = {};

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims);
  });
  t = await buildTestApp({
    env: {
      GOOGLE_CLIENT_ID: 'selah-test-client',
      GOOGLE_CLIENT_SECRET: 'selah-test-secret',
      GOOGLE_ISSUER_URL: provider.issuer.url!,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});
afterEach(() => {
  claims = {};
  provider.service.removeAllListeners('beforeAuthorizeRedirect');
});

interface Started {
  authorizeUrl: URL;
  cookie: string;
}

async function start(): Promise<Started> {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
  expect(res.statusCode).toBe(302);
  const setCookie = String(res.headers['set-cookie']);
  expect(setCookie).toMatch(
    /selah_oauth_state=[^;]+; Max-Age=600; Path=\/api\/auth\/google; HttpOnly; SameSite=Lax/,
  );
  return { authorizeUrl: new URL(res.headers.location!), cookie: setCookie.split(';')[0]! };
}

/** Follows the provider's authorize redirect and returns the callback URL it sends the browser to. */
async function authorize(url: URL): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function callback(callbackUrl: URL, cookie: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location!);
}

async function fullLogin(): Promise<URL> {
  const { authorizeUrl, cookie } = await start();
  return callback(await authorize(authorizeUrl), cookie);
}

const exchange = (code: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { code } });

describe('GET /api/auth/google', () => {
  it('redirects to the provider with state, nonce and PKCE S256', async () => {
    const { authorizeUrl } = await start();
    expect(authorizeUrl.origin).toBe(new URL(provider.issuer.url!).origin);
    const q = authorizeUrl.searchParams;
    expect(q.get('client_id')).toBe('selah-test-client');
    expect(q.get('redirect_uri')).toBe('http://localhost:3000/api/auth/google/callback');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('scope')).toBe('openid email profile');
  });

  it('reports Google as configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
      google: true,
    });
  });
});

describe('GET /api/auth/google/callback', () => {
  it('creates a user keyed on (issuer, sub) and hands back a single-use code, never a session token', async () => {
    const email = uniqueEmail('google');
    claims = {
      sub: `sub-${email}`,
      email,
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Hopper',
    };
    const landing = await fullLogin();
    expect(landing.pathname).toBe('/auth/callback');
    expect(landing.searchParams.get('isNewUser')).toBe('true');
    const user = JSON.parse(landing.searchParams.get('user')!) as Record<string, unknown>;
    expect(user).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    const code = landing.searchParams.get('token')!;
    expect(code.split('.')).toHaveLength(1); // not a JWT

    const first = await exchange(code);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      isNewUser: true,
      user: { email, firstName: 'Grace', role: 'user' },
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(body.token),
    });
    expect(me.statusCode).toBe(200);
    // The browser also gets the page cookie (server-rendered pages, ADR 033).
    expect(first.cookies).toContainEqual(
      expect.objectContaining({ name: 'selah_page_session', value: body.token, httpOnly: true }),
    );
    // Single use.
    expect((await exchange(code)).statusCode).toBe(401);

    const [identity] = await t.db.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, `sub-${email}`));
    expect(identity!.issuer).toBe(provider.issuer.url);

    // Second sign-in: same user, not new.
    const again = await fullLogin();
    expect(again.searchParams.get('isNewUser')).toBe('false');
    const second = (await exchange(again.searchParams.get('token')!)).json();
    expect(second.user._id).toBe(body.user._id);
  });

  it("carries a friend's invite code through a Google sign-up", async () => {
    const inviter = await signUp(t.app, { firstName: 'Iris' });
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/friends/invite-link',
      headers: bearer(inviter.token),
    });
    const invite = new URL(link.json<{ url: string }>().url).searchParams.get('invite')!;
    const signUpWithInvite = async (email: string) => {
      claims = { sub: `invited-${email}`, email, email_verified: true, given_name: 'Nia' };
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/auth/google?invite=${encodeURIComponent(invite)}`,
      });
      expect(res.statusCode).toBe(302);
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      expect(cookies.join('\n')).toMatch(
        /selah_oauth_invite=[^;]+; Max-Age=600; Path=\/api\/auth\/google; HttpOnly/,
      );
      const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
      const landing = await callback(await authorize(new URL(res.headers.location!)), cookie);
      const { token } = (await exchange(landing.searchParams.get('token')!)).json<{
        token: string;
      }>();
      return t.app.inject({ method: 'GET', url: '/api/friends/requests', headers: bearer(token) });
    };

    const requests = await signUpWithInvite(uniqueEmail('invited'));
    expect(requests.json().data).toEqual([
      expect.objectContaining({ requester: expect.objectContaining({ _id: inviter.userId }) }),
    ]);

    // A plain start forgets an earlier invite: the cookie is cleared.
    const plain = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(String(plain.headers['set-cookie'])).toMatch(/selah_oauth_invite=; Max-Age=0/);
  });

  it('maps a cancelled sign-in to oauth_cancelled and other provider errors to oauth_error', async () => {
    provider.service.on('beforeAuthorizeRedirect', ({ url }: { url: URL }) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
    });
    expect((await fullLogin()).searchParams.get('error')).toBe('oauth_cancelled');
    provider.service.removeAllListeners('beforeAuthorizeRedirect');
    provider.service.on('beforeAuthorizeRedirect', ({ url }: { url: URL }) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'server_error');
    });
    expect((await fullLogin()).searchParams.get('error')).toBe('oauth_error');
  });

  it('fails when the state cookie is missing or does not match, and when state is replayed', async () => {
    claims = { sub: 'state-test', email: uniqueEmail('g'), email_verified: true };
    const { authorizeUrl, cookie } = await start();
    const cb = await authorize(authorizeUrl);
    expect((await callback(cb, '')).searchParams.get('error')).toBe('authentication_failed');
    expect((await callback(cb, 'selah_oauth_state=forged')).searchParams.get('error')).toBe(
      'authentication_failed',
    );
    // The right cookie works once (state is single use), then never again.
    expect((await callback(cb, cookie)).searchParams.get('token')).toBeTruthy();
    expect((await callback(cb, cookie)).searchParams.get('error')).toBe('authentication_failed');
  });

  it('rejects an ID token with the wrong nonce, audience or issuer', async () => {
    for (const bad of [
      { nonce: 'not-the-nonce' },
      { aud: 'someone-else' },
      { iss: 'https://evil.example' },
    ]) {
      claims = { sub: 'bad-token', email: uniqueEmail('g'), email_verified: true, ...bad };
      const landing = await fullLogin();
      expect(landing.searchParams.get('error')).toBe('authentication_failed');
      expect(landing.searchParams.get('token')).toBeNull();
    }
    expect(await t.db.db.$count(userIdentities, eq(userIdentities.subject, 'bad-token'))).toBe(0);
  });

  it('does not link an existing password account when the provider has not verified the e-mail', async () => {
    const existing = await signUp(t.app);
    claims = { sub: `unverified-${existing.email}`, email: existing.email, email_verified: false };
    const landing = await fullLogin();
    expect(landing.searchParams.get('error')).toBe('authentication_failed');
    expect(await t.db.db.$count(userIdentities, eq(userIdentities.userId, existing.userId))).toBe(
      0,
    );
  });

  it('links an existing password account when the provider verified the e-mail', async () => {
    const existing = await signUp(t.app);
    claims = { sub: `verified-${existing.email}`, email: existing.email, email_verified: true };
    const landing = await fullLogin();
    expect(landing.searchParams.get('isNewUser')).toBe('false');
    const body = (await exchange(landing.searchParams.get('token')!)).json();
    expect(body.user._id).toBe(existing.userId);
    const [row] = await t.db.db.select().from(users).where(eq(users.id, existing.userId));
    expect(row!.emailVerified).toBe(true);
  });

  it('refuses an expired login code', async () => {
    claims = { sub: `expiring-${Date.now()}`, email: uniqueEmail('g'), email_verified: true };
    const landing = await fullLogin();
    const { authTokens } = await import('../../db/schema/index.ts');
    await t.db.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.kind, 'login_code'));
    expect((await exchange(landing.searchParams.get('token')!)).statusCode).toBe(401);
  });
});
