import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  friendInvites,
  friendRequests,
  friendships,
  journalMembers,
  journals,
  notifications,
  prayerGroupInvites,
  prayerGroupMembers,
  prayerGroups,
  prayerRequestResponses,
  prayerRequests,
  prayerRequestShares,
  prayers,
  prayerShares,
  pushSubscriptions,
  userIdentities,
  users,
} from '../../db/schema/index.ts';
import { apiAs } from '../../../test/api.ts';
import {
  bearer,
  buildTestApp,
  signUp,
  type TestApp,
  uniqueEmail,
} from '../../../test/build-test-app.ts';
import { latestMail, linkToken } from '../../../test/mailbox.ts';
import { befriend, person, type Person } from '../../../test/people.ts';
import { setPlan } from '../../../test/plans.ts';

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

/** The cookies a response sets, as a request's `cookie` header would carry them. */
const cookiesOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[])
    .concat((res.headers['set-cookie'] as string | string[] | undefined) ?? [])
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');

/** The browser's landing page after the callback, and the cookies the callback gave it. */
interface Landing extends URL {
  cookie: string;
}

async function callback(callbackUrl: URL, cookie: string): Promise<Landing> {
  const res = await t.app.inject({
    method: 'GET',
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(302);
  return Object.assign(new URL(res.headers.location!), { cookie: cookiesOf(res) });
}

async function fullLogin(startUrl = '/api/auth/google', cookie = ''): Promise<Landing> {
  const res = await t.app.inject({ method: 'GET', url: startUrl, headers: { cookie } });
  expect(res.statusCode).toBe(302);
  return callback(await authorize(new URL(res.headers.location!)), cookiesOf(res));
}

/** Exchanges a landing's code in the browser that landed (its hand-off cookie), or another. */
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const passwordLogin = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

const exchange = (landing: Landing, cookie = landing.cookie) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/exchange',
    payload: { code: landing.searchParams.get('token') },
    headers: { cookie },
  });

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

    const first = await exchange(landing);
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
    expect((await exchange(landing)).statusCode).toBe(401);

    const [identity] = await t.db.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, `sub-${email}`));
    expect(identity!.issuer).toBe(provider.issuer.url);

    // Second sign-in: same user, not new.
    const again = await fullLogin();
    expect(again.searchParams.get('isNewUser')).toBe('false');
    const second = (await exchange(again)).json();
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
      const { token } = (await exchange(landing)).json<{ token: string }>();
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

  it("keeps the browser's time zone for an account a Google sign-up creates (ADR 057)", async () => {
    const email = uniqueEmail('lagos');
    claims = { sub: `zone-${email}`, email, email_verified: true, given_name: 'Ade' };
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google?timeZone=Africa%2FLagos',
    });
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cookies.join('\n')).toMatch(/selah_oauth_zone=Africa(%2F|\/)Lagos; Max-Age=600/);
    const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
    const landing = await callback(await authorize(new URL(res.headers.location!)), cookie);
    const { user } = (await exchange(landing)).json<{ user: { settings: object } }>();
    expect(user.settings).toMatchObject({ timeZone: 'Africa/Lagos' });
    expect(user.settings).not.toHaveProperty('timeZoneChosen');
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

  it('neither links nor creates an account when the provider has not verified the e-mail', async () => {
    const existing = await signUp(t.app);
    claims = { sub: `unverified-${existing.email}`, email: existing.email, email_verified: false };
    const landing = await fullLogin();
    expect(landing.searchParams.get('error')).toBe('email_unverified');
    expect(landing.searchParams.get('token')).toBeNull();
    expect(await t.db.db.$count(userIdentities, eq(userIdentities.userId, existing.userId))).toBe(
      0,
    );

    const stranger = uniqueEmail('unverified');
    const sub = `unverified-${stranger}`;
    claims = { sub, email: stranger, email_verified: false };
    expect((await fullLogin()).searchParams.get('error')).toBe('email_unverified');
    expect(await t.db.db.$count(users, eq(users.email, stranger))).toBe(0);
    expect(await t.db.db.$count(userIdentities, eq(userIdentities.subject, sub))).toBe(0);
  });

  it('links an account whose owner confirmed the address, keeping its password and sessions', async () => {
    const existing = await signUp(t.app);
    await t.app.services.auth.settled();
    const link = await latestMail(t.db, existing.email, 'Confirm your e-mail address for Selah');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: linkToken(link!.text, '/verify-email') },
    });
    expect(confirmed.statusCode).toBe(200);
    claims = { sub: `verified-${existing.email}`, email: existing.email, email_verified: true };
    const landing = await fullLogin();
    expect(landing.searchParams.get('isNewUser')).toBe('false');
    const body = (await exchange(landing)).json();
    expect(body.user._id).toBe(existing.userId);
    expect((await me(existing.token)).statusCode).toBe(200);
    expect((await passwordLogin(existing.email, existing.password)).statusCode).toBe(200);
  });

  it('takes an account whose address nobody confirmed away from whoever chose its password', async () => {
    // Mallory registers Victoria's address with a password of her own and stays signed in.
    const victoria = uniqueEmail('victoria');
    const mallory = await signUp(t.app, { email: victoria, password: 'Mallorys-own-Pass-1' });
    await t.app.services.auth.settled();
    const resetLink = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: victoria },
    });
    expect(resetLink.statusCode).toBe(200);
    await t.app.services.auth.settled();
    const pendingReset = await latestMail(t.db, victoria, 'Reset your Selah password');
    expect((await me(mallory.token)).statusCode).toBe(200);

    // Victoria signs in with Google, which has verified the address.
    claims = { sub: `victoria-${victoria}`, email: victoria, email_verified: true };
    const landing = await fullLogin();
    const body = (await exchange(landing)).json();
    expect(body.user._id).toBe(mallory.userId);
    expect(body.user.emailVerified).toBe(true);
    expect((await me(body.token)).statusCode).toBe(200);

    // Nothing of Mallory's reaches the account any more.
    expect((await me(mallory.token)).statusCode).toBe(401);
    expect((await passwordLogin(victoria, 'Mallorys-own-Pass-1')).statusCode).toBe(401);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        token: linkToken(pendingReset!.text, '/reset-password'),
        password: 'Mallory-again-2',
      },
    });
    expect(reset.statusCode).toBe(400);
    const [row] = await t.db.db.select().from(users).where(eq(users.id, mallory.userId));
    expect(row).toMatchObject({ passwordHash: null, emailVerified: true });
  });

  it('taking the account back ends everything the squatter built while holding it; what they wrote stays', async () => {
    // Mallory registers Victoria's address and, while she holds it, builds a circle around it:
    // her second account Max, and Olive, who believes she is Victoria.
    const victoria = uniqueEmail('victoria');
    const held = await signUp(t.app, { email: victoria, firstName: 'Victoria' });
    const squatter: Person = { id: held.userId, email: victoria, api: apiAs(t.app, held.token) };
    const s = squatter.api;
    const [max, olive, pending, asking] = await Promise.all(
      ['Max', 'Olive', 'Pat', 'Rita'].map((name) => person(t.app, name)),
    );
    await setPlan(t.db, [squatter.id, olive!.id], 'premium');
    await befriend(squatter, max!);
    await befriend(olive!, squatter);
    const ok = async (res: Promise<{ statusCode: number; body: string }>, what: string) => {
      const r = await res;
      expect(r.statusCode, `${what}: ${r.body}`).toBeLessThan(300);
      return JSON.parse(r.body || '{}') as { _id?: string; data?: { _id?: string } };
    };
    const idOf = async (res: Promise<{ statusCode: number; body: string }>, what: string) => {
      const body = await ok(res, what);
      return (body._id ?? body.data?._id)!;
    };
    await ok(s.post(`/api/friends/request/${pending!.id}`), 'a request the squatter sent');
    await ok(asking!.api.post(`/api/friends/request/${squatter.id}`), 'a request she received');
    await ok(s.post('/api/friends/invite-link'), 'a personal invite link');
    await ok(s.post('/api/friends/invite-email', { recipientEmail: uniqueEmail('x') }), 'invite');

    // Shares and memberships both ways: a private journal shared with Max, a public one Max
    // joins, a prayer shared with Max, a private request shared with both (they commit to it),
    // a group around her journal that Max joins and Olive is invited to.
    const privateJournal = await idOf(s.post('/api/journals', { title: 'Held' }), 'journal');
    await ok(s.post(`/api/journals/${privateJournal}/share`, { userIds: [max!.id] }), 'share');
    const openJournal = await idOf(
      s.post('/api/journals', { title: 'Open', isPrivate: false }),
      'public journal',
    );
    await ok(max!.api.post(`/api/journals/${openJournal}/join`), 'Max joins');
    const prayer = await idOf(
      s.post('/api/prayers', { journal: privateJournal, title: 'Shared', isPrivate: false }),
      'prayer',
    );
    await ok(s.post(`/api/prayers/${prayer}/share`, { userIds: [max!.id] }), 'share prayer');
    const heldRequest = await idOf(
      s.post('/api/prayer-requests', {
        title: 'Held request',
        isPrivate: true,
        sharedWith: [max!.id, olive!.id],
      }),
      'request',
    );
    await ok(max!.api.post(`/api/prayer-requests/${heldRequest}/pray`), 'Max commits');
    await ok(olive!.api.post(`/api/prayer-requests/${heldRequest}/pray`), 'Olive commits');
    const ownGroup = await idOf(
      s.post('/api/prayer-groups', {
        name: 'Held group',
        description: 'x',
        journalId: openJournal,
        isPublic: false,
      }),
      'group',
    );
    await ok(s.post(`/api/prayer-groups/${ownGroup}/invite`, { userIds: [max!.id] }), 'invite');
    await ok(max!.api.post(`/api/prayer-groups/${ownGroup}/join`), 'Max joins the group');
    await ok(s.post(`/api/prayer-groups/${ownGroup}/invite`, { userIds: [olive!.id] }), 'invite');
    // Olive's things given to the held account: a journal shared, a public journal joined, a
    // request committed to, a group joined and another she invited it to.
    const olivesJournal = await idOf(olive!.api.post('/api/journals', { title: 'Olive' }), 'j');
    await ok(
      olive!.api.post(`/api/journals/${olivesJournal}/share`, { userIds: [squatter.id] }),
      's',
    );
    const olivesOpen = await idOf(
      olive!.api.post('/api/journals', { title: 'Olive open', isPrivate: false }),
      'olive public journal',
    );
    await ok(s.post(`/api/journals/${olivesOpen}/join`), 'the squatter joins');
    const olivesRequest = await idOf(
      olive!.api.post('/api/prayer-requests', { title: "Olive's", isPrivate: false }),
      "Olive's request",
    );
    await ok(s.post(`/api/prayer-requests/${olivesRequest}/pray`), 'the squatter commits');
    const olivesGroups = [];
    for (const isPublic of [true, false]) {
      olivesGroups.push(
        await idOf(
          olive!.api.post('/api/prayer-groups', {
            name: `Olive ${isPublic}`,
            description: 'x',
            journalId: olivesOpen,
            isPublic,
          }),
          'olive group',
        ),
      );
    }
    await ok(s.post(`/api/prayer-groups/${olivesGroups[0]}/join`), 'the squatter joins a group');
    // Olive made the held account the group's only admin.
    const olivesGroup = `/api/prayer-groups/${olivesGroups[0]}/members`;
    await ok(olive!.api.put(`${olivesGroup}/${squatter.id}`, { role: 'admin' }), 'promote');
    await ok(olive!.api.put(`${olivesGroup}/${olive!.id}`, { role: 'member' }), 'step down');
    await ok(
      olive!.api.post(`/api/prayer-groups/${olivesGroups[1]}/invite`, { userIds: [squatter.id] }),
      'invited',
    );
    await ok(
      s.post('/api/push/subscriptions', {
        endpoint: `https://push.example.com/held/${squatter.id}`,
        keys: { p256dh: 'BPpublic-key', auth: 'secret' },
      }),
      'push',
    );
    const written = async () => ({
      journals: await t.db.db.$count(journals, eq(journals.ownerId, squatter.id)),
      prayers: await t.db.db.$count(prayers, eq(prayers.authorId, squatter.id)),
      requests: await t.db.db.$count(prayerRequests, eq(prayerRequests.creatorId, squatter.id)),
    });
    const before = await written();

    // Victoria signs in with Google, which has verified the address.
    claims = { sub: `victoria-${victoria}`, email: victoria, email_verified: true };
    const body = (await exchange(await fullLogin())).json<{
      token: string;
      user: { _id: string };
    }>();
    expect(body.user._id).toBe(squatter.id);
    const owner = apiAs(t.app, body.token);
    const publicRequest = await idOf(
      owner.post('/api/prayer-requests', { title: "Victoria's own", isPrivate: false }),
      "Victoria's request",
    );

    // Max reads nothing of hers, her public request included; nothing links him to her.
    for (const url of [
      `/api/prayer-requests/${publicRequest}`,
      `/api/prayer-requests/${heldRequest}`,
      `/api/journals/${privateJournal}`,
      `/api/prayers/${prayer}`,
      `/api/prayer-groups/${ownGroup}`,
    ])
      expect((await max!.api.get(url)).statusCode, url).toBe(404);
    const friendsView = await max!.api.get('/api/prayer-requests?type=friendRequests&limit=100');
    expect(friendsView.json().data).toEqual([]);
    expect((await max!.api.get('/api/journals/get')).body).not.toContain(openJournal);
    expect((await olive!.api.get(`/api/prayer-requests/${publicRequest}`)).statusCode).toBe(404);
    // Nor does she get what others gave the squatter.
    expect((await owner.get(`/api/journals/${olivesJournal}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/prayer-groups/${olivesGroups[1]}`)).statusCode).toBe(404);
    expect((await owner.get('/api/friends')).json().data).toEqual([]);

    const u = squatter.id;
    const ownJournals = sql`(select id from journals where owner_id = ${u})`;
    const ownRequests = sql`(select id from prayer_requests where creator_id = ${u})`;
    const left = {
      friendships: await t.db.db.$count(
        friendships,
        or(eq(friendships.userId, u), eq(friendships.friendId, u)),
      ),
      pendingRequests: await t.db.db.$count(
        friendRequests,
        and(
          eq(friendRequests.status, 'pending'),
          or(eq(friendRequests.requesterId, u), eq(friendRequests.recipientId, u)),
        ),
      ),
      invites: await t.db.db.$count(friendInvites, eq(friendInvites.inviterId, u)),
      requestShares: await t.db.db.$count(
        prayerRequestShares,
        or(eq(prayerRequestShares.userId, u), inArray(prayerRequestShares.requestId, ownRequests)),
      ),
      prayerShares: await t.db.db.$count(
        prayerShares,
        or(
          eq(prayerShares.userId, u),
          inArray(prayerShares.prayerId, sql`(select id from prayers where author_id = ${u})`),
        ),
      ),
      journalMemberships: await t.db.db.$count(
        journalMembers,
        and(
          eq(journalMembers.role, 'member'),
          or(eq(journalMembers.userId, u), inArray(journalMembers.journalId, ownJournals)),
        ),
      ),
      groupMemberships: await t.db.db.$count(prayerGroupMembers, eq(prayerGroupMembers.userId, u)),
      ownGroups: await t.db.db.$count(prayerGroups, eq(prayerGroups.creatorId, u)),
      groupInvites: await t.db.db.$count(
        prayerGroupInvites,
        or(eq(prayerGroupInvites.userId, u), eq(prayerGroupInvites.invitedBy, u)),
      ),
      commitments: await t.db.db.$count(
        prayerRequestResponses,
        or(
          eq(prayerRequestResponses.userId, u),
          inArray(prayerRequestResponses.requestId, ownRequests),
        ),
      ),
      pushSubscriptions: await t.db.db.$count(pushSubscriptions, eq(pushSubscriptions.userId, u)),
      notifications: await t.db.db.$count(notifications, eq(notifications.userId, u)),
    };
    expect(left).toEqual({
      friendships: 0,
      pendingRequests: 0,
      invites: 0,
      requestShares: 0,
      prayerShares: 0,
      journalMemberships: 0,
      groupMemberships: 0,
      ownGroups: 0,
      groupInvites: 0,
      commitments: 0,
      pushSubscriptions: 0,
      notifications: 0,
    });
    // Others' counters follow: Olive's journals and group have lost the member.
    const [olivesOpenRow] = await t.db.db
      .select()
      .from(journals)
      .where(eq(journals.id, olivesOpen));
    expect(olivesOpenRow!.memberCount).toBe(1);
    const [group] = await t.db.db
      .select()
      .from(prayerGroups)
      .where(eq(prayerGroups.id, olivesGroups[0]!));
    expect(group!.memberCount).toBe(1);
    // The group the held account was the last admin of is Olive's to manage again.
    const [heir] = await t.db.db
      .select()
      .from(prayerGroupMembers)
      .where(eq(prayerGroupMembers.groupId, olivesGroups[0]!));
    expect(heir).toMatchObject({ userId: olive!.id, role: 'admin' });
    // What the squatter wrote stays (ADR 039), with Victoria's own request added.
    expect(await written()).toEqual({ ...before, requests: before.requests + 1 });
  });

  it('a password reset unlinks Google and ends the Google session: only the new password reaches the account', async () => {
    const email = uniqueEmail('linked');
    claims = { sub: `linked-${email}`, email, email_verified: true, given_name: 'Lin' };
    const google = (await exchange(await fullLogin())).json<{
      token: string;
      user: { _id: string };
    }>();
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    await t.app.services.auth.settled();
    const mail = await latestMail(t.db, email, 'Reset your Selah password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: linkToken(mail!.text, '/reset-password'), password: 'Lins-new-Pass-42' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(google.token)).statusCode).toBe(401);
    expect(await t.db.db.$count(userIdentities, eq(userIdentities.userId, google.user._id))).toBe(
      0,
    );
    expect((await passwordLogin(email, 'Lins-new-Pass-42')).statusCode).toBe(200);
  });

  it('hands the code over only to the browser the callback answered, once', async () => {
    claims = { sub: `handoff-${Date.now()}`, email: uniqueEmail('g'), email_verified: true };
    const landing = await fullLogin();
    expect(landing.cookie).toMatch(/^selah_google_handoff=[\w-]{40,}$/);
    // Someone who got hold of the code (a shared screen, a leaked history entry) but not the
    // browser's HttpOnly cookie gets nothing, and does not use the code up either.
    expect((await exchange(landing, '')).statusCode).toBe(401);
    const other = await fullLogin();
    expect((await exchange(landing, other.cookie)).statusCode).toBe(401);
    const ok = await exchange(landing);
    expect(ok.statusCode).toBe(200);
    expect(String(ok.headers['set-cookie'])).toMatch(/selah_google_handoff=; Max-Age=0/);
    expect((await exchange(landing)).statusCode).toBe(401);
  });

  it('refuses an expired login code', async () => {
    claims = { sub: `expiring-${Date.now()}`, email: uniqueEmail('g'), email_verified: true };
    const landing = await fullLogin();
    const { authTokens } = await import('../../db/schema/index.ts');
    await t.db.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.kind, 'login_code'));
    expect((await exchange(landing)).statusCode).toBe(401);
  });
});

describe('a Google sign-up with a non-Latin name (issue 29 §5)', () => {
  it('gets a readable username from the name', async () => {
    const email = uniqueEmail('google-han');
    claims = {
      sub: `sub-${email}`,
      email,
      email_verified: true,
      given_name: '芳',
      family_name: '王',
    };
    const body = (await exchange(await fullLogin())).json<{ user: { username: string } }>();
    expect(body.user.username).toMatch(/^fang\.wang\d*$/);
  });
});

describe('a fresh Google sign-in confirms Clear Data and Delete Account of a Google-only account', () => {
  async function googleOnly(name: string) {
    const email = uniqueEmail(name);
    claims = { sub: `only-${email}`, email, email_verified: true, given_name: name };
    const landing = await fullLogin();
    const body = (await exchange(landing)).json<{ token: string; user: { _id: string } }>();
    return { email, sub: `only-${email}`, token: body.token, id: body.user._id };
  }
  const danger = (method: 'POST' | 'DELETE', token: string, cookie = '') =>
    t.app.inject({
      method,
      url: method === 'POST' ? '/api/users/me/clear' : '/api/users/me',
      headers: { ...bearer(token), cookie },
      payload: { confirm: 'DELETE' },
    });

  it('refuses without a confirmation, and accepts one for the same account and action only', async () => {
    const hana = await googleOnly('Hana');
    const refused = await danger('DELETE', hana.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Please confirm with Google first: your account signs in with Google.',
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/journals',
      headers: bearer(hana.token),
      payload: { title: 'Kept for now', initialPrayer: 'x' },
    });

    // A confirmation made for "clear" clears, once; it does not delete.
    claims = { sub: hana.sub, email: hana.email, email_verified: true };
    const forClear = await fullLogin('/api/auth/google?confirm=clear');
    expect(`${forClear.pathname}${forClear.search}`).toBe('/settings?confirmed=clear');
    expect(forClear.cookie).toMatch(/^selah_google_confirm=[\w-]{40,}$/);
    expect((await danger('DELETE', hana.token, forClear.cookie)).statusCode).toBe(403);
    claims = { sub: hana.sub, email: hana.email, email_verified: true };
    const forClearAgain = await fullLogin('/api/auth/google?confirm=clear');
    expect((await danger('POST', hana.token, forClearAgain.cookie)).statusCode).toBe(200);
    expect((await danger('POST', hana.token, forClearAgain.cookie)).statusCode).toBe(403);

    // Someone else's Google account confirms nothing here.
    const ivo = await googleOnly('Ivo');
    claims = { sub: ivo.sub, email: ivo.email, email_verified: true };
    const ivosConfirmation = await fullLogin('/api/auth/google?confirm=delete');
    expect((await danger('DELETE', hana.token, ivosConfirmation.cookie)).statusCode).toBe(403);

    claims = { sub: hana.sub, email: hana.email, email_verified: true };
    const forDelete = await fullLogin('/api/auth/google?confirm=delete');
    expect((await danger('DELETE', hana.token, forDelete.cookie)).statusCode).toBe(204);
    expect((await me(hana.token)).statusCode).toBe(401);
  });

  it('never signs in or creates an account, and says so when the Google account is not linked', async () => {
    const email = uniqueEmail('nobody');
    claims = { sub: `nobody-${email}`, email, email_verified: true };
    const landing = await fullLogin('/api/auth/google?confirm=delete');
    expect(`${landing.pathname}${landing.search}`).toBe('/settings?confirm_failed=delete');
    expect(landing.cookie).toBe('');
    expect(await t.db.db.$count(users, eq(users.email, email))).toBe(0);
  });

  it('expires after five minutes', async () => {
    const kim = await googleOnly('Kim');
    claims = { sub: kim.sub, email: kim.email, email_verified: true };
    const landing = await fullLogin('/api/auth/google?confirm=delete');
    const { authTokens } = await import('../../db/schema/index.ts');
    const [row] = await t.db.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, kim.id), eq(authTokens.kind, 'google_confirm')));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(
      5 * 60_000 + 1_000,
    );
    await t.db.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, kim.id));
    expect((await danger('DELETE', kim.token, landing.cookie)).statusCode).toBe(403);
  });
});
