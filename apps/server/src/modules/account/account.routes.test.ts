import { and, eq, getTableColumns, or } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.ts';
import {
  authTokens,
  journals,
  prayerRequests,
  prayers,
  sessions,
  users,
} from '../../db/schema/index.ts';
import {
  bearer,
  buildTestApp,
  signUp,
  STRONG_PASSWORD,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { PAGE_COOKIE } from '../auth/page-cookie.ts';
import { apiAs } from '../../../test/api.ts';
import { latestMail, linkToken } from '../../../test/mailbox.ts';
import { befriend, person, type Person } from '../../../test/people.ts';

let t: TestApp;
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const profile = (over: Record<string, unknown> = {}) => ({
  firstName: 'Ruth',
  lastName: 'Moab',
  username: `ruth${Math.floor(Math.random() * 1e6)}`,
  bio: 'Whither thou goest',
  timeZone: 'America/Chicago',
  language: 'es',
  ...over,
});

describe('GET/PUT /api/users/me settings', () => {
  it('starts from the spec defaults and saves the profile', async () => {
    const u = await person(t.app);
    const settings = (await u.api.get('/api/users/me/settings')).json();
    expect(settings.privacy).toEqual({
      profileVisibility: 'friends',
      friendRequests: 'everyone',
      journalInvites: 'friends',
    });
    expect(settings.appearance).toEqual({ theme: 'system', fontSize: 3, animations: null });
    expect(settings.profile).toMatchObject({ timeZone: null, language: 'en', hasPassword: true });
    const body = profile();
    const res = await u.api.put('/api/users/me/profile', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Ruth',
      username: body.username,
      bio: 'Whither thou goest',
      language: 'es',
    });
    expect((await u.api.get('/api/stats')).json().timeZone).toBe('America/Chicago');
  });

  it.each([
    [{ timeZone: 'Mars/Olympus' }, 400, 'Please choose a valid time zone.'],
    [{ language: 'xx' }, 400, 'Please choose one of the languages.'],
    [{ username: 'a' }, 400, 'Usernames are 3-30 letters, digits, dots or underscores.'],
    [{ bio: 'b'.repeat(501) }, 400, 'Bio must be 500 characters or less.'],
    [{ firstName: '' }, 400, 'First name is required.'],
    [{ role: 'admin' }, 400, 'Unrecognized key: "role"'],
  ])('rejects %j', async (over, status, message) => {
    const u = await person(t.app);
    const res = await u.api.put('/api/users/me/profile', profile(over));
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    const [row] = await t.db.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.role).toBe('user');
    expect(row!.bio).toBe('');
  });

  it('changes only the fields sent: saving a bio never saves a time zone (ADR 057)', async () => {
    const u = await person(t.app);
    const bio = await u.api.put('/api/users/me/profile', { bio: ' Praying for Lagos. ' });
    expect(bio.statusCode).toBe(200);
    expect(bio.json()).toMatchObject({ bio: 'Praying for Lagos.', firstName: expect.any(String) });
    let settings = (await u.api.get('/api/users/me/settings')).json();
    expect(settings.profile).toMatchObject({ timeZone: null, timeZoneChosen: false });

    // A zone sent is the person's choice; other fields stay as they were.
    const zone = await u.api.put('/api/users/me/profile', { timeZone: 'Africa/Lagos' });
    expect(zone.json()).toMatchObject({
      bio: 'Praying for Lagos.',
      settings: { timeZone: 'Africa/Lagos', timeZoneChosen: true },
    });
    settings = (await u.api.get('/api/users/me/settings')).json();
    expect(settings.profile).toMatchObject({ timeZone: 'Africa/Lagos', timeZoneChosen: true });
    expect((await u.api.get('/api/stats')).json().timeZone).toBe('Africa/Lagos');

    // Nothing sent, nothing changed.
    const none = await u.api.put('/api/users/me/profile', {});
    expect(none.statusCode).toBe(200);
    expect(none.json().settings).toMatchObject({ timeZone: 'Africa/Lagos' });
  });

  it.each([
    ['Africa/Lagos', 'Africa/Lagos'],
    ['Asia/Calcutta', 'Asia/Kolkata'],
    ['+05:30', undefined],
    ['Mars/Olympus', undefined],
  ])("keeps the browser's zone %s at sign-up as %s, not marked chosen", async (sent, stored) => {
    const email = `zone${Math.floor(Math.random() * 1e9)}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: `10.57.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      payload: {
        firstName: 'Ade',
        lastName: 'Bello',
        email,
        password: STRONG_PASSWORD,
        timeZone: sent,
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.db.select().from(users).where(eq(users.email, email));
    expect(row!.settings.timeZone).toBe(stored);
    expect(row!.settings.timeZoneChosen).toBeUndefined();
  });

  it('refuses a username someone else has', async () => {
    const [a, b] = await Promise.all([person(t.app), person(t.app)]);
    const taken = (await a.api.put('/api/users/me/profile', profile())).json().username;
    const res = await b.api.put('/api/users/me/profile', profile({ username: taken }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('That username is taken. Please choose another.');
  });

  it('saves privacy and appearance with validation', async () => {
    const u = await person(t.app);
    const privacy = { profileVisibility: 'private', friendRequests: 'off', journalInvites: 'off' };
    expect((await u.api.put('/api/users/me/privacy', privacy)).json().privacy).toEqual(privacy);
    expect(
      (await u.api.put('/api/users/me/privacy', { ...privacy, profileVisibility: 'world' }))
        .statusCode,
    ).toBe(400);
    const appearance = { theme: 'dark', fontSize: 5, animations: false };
    expect((await u.api.put('/api/users/me/appearance', appearance)).json().appearance).toEqual(
      appearance,
    );
    expect(
      (await u.api.put('/api/users/me/appearance', { ...appearance, fontSize: 6 })).json().message,
    ).toBe('Font size must be 1 to 5.');
    expect((await u.api.get('/api/auth/me')).json().settings).toMatchObject({
      theme: 'dark',
      appearance: { fontSize: 5, animations: false },
    });
  });

  it('enforces "who may invite me to journals"', async () => {
    const [owner, friend] = await Promise.all([person(t.app, 'Oli'), person(t.app, 'Noa')]);
    await befriend(owner, friend);
    await friend.api.put('/api/users/me/privacy', {
      profileVisibility: 'friends',
      friendRequests: 'everyone',
      journalInvites: 'off',
    });
    const journal = (await owner.api.post('/api/journals', { title: 'Invite' })).json()._id;
    const res = await owner.api.post(`/api/journals/${journal}/share`, { userIds: [friend.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Noa User does not accept journal invitations.');
    expect((await friend.api.get(`/api/journals/${journal}`)).statusCode).toBe(404);
  });
});

describe('PUT /api/users/me/email', () => {
  const openLink = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });

  it('needs the password and a free address that is not the current one', async () => {
    const [a, b] = await Promise.all([person(t.app), person(t.app)]);
    const wrong = await a.api.put('/api/users/me/email', {
      email: 'new.address@example.test',
      password: 'nope-nope',
    });
    expect(wrong.statusCode).toBe(403);
    const taken = await a.api.put('/api/users/me/email', {
      email: b.email.toUpperCase(),
      password: STRONG_PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    const same = await a.api.put('/api/users/me/email', {
      email: a.email,
      password: STRONG_PASSWORD,
    });
    expect(same.statusCode).toBe(400);
    expect(
      (await a.api.put('/api/users/me/email', { email: 'not-an-email', password: STRONG_PASSWORD }))
        .statusCode,
    ).toBe(400);
  });

  it('changes nothing until the new address opens its link; then signs out every other session and tells the old address', async () => {
    const a = await person(t.app, 'Lydia');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const otherDevice = apiAs(t.app, login.json<{ token: string }>().token);
    expect((await otherDevice.get('/api/auth/me')).statusCode).toBe(200);

    const fresh = `lydia.${Date.now()}@example.test`;
    const asked = await a.api.put('/api/users/me/email', {
      email: fresh,
      password: STRONG_PASSWORD,
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(
      `We sent a link to ${fresh}. Your address changes when you open it.`,
    );
    // Nothing changed yet: whoever asked has not proven they own the new address.
    expect((await a.api.get('/api/auth/me')).json().email).toBe(a.email);
    expect((await otherDevice.get('/api/auth/me')).statusCode).toBe(200);
    const link = await latestMail(t.db, fresh, 'Confirm your new e-mail address for Selah');
    expect(link).toBeDefined();

    const opened = await openLink(linkToken(link!.text, '/verify-email'));
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({
      email: fresh,
      message: `You now sign in with ${fresh}. Your other devices were signed out.`,
    });
    expect((await otherDevice.get('/api/auth/me')).statusCode).toBe(401);
    expect((await a.api.get('/api/auth/me')).json()).toMatchObject({
      email: fresh,
      emailVerified: true,
    });
    const notice = await latestMail(t.db, a.email, 'Your Selah e-mail address was changed');
    expect(notice?.text).toContain(fresh);
    // Single use.
    expect((await openLink(linkToken(link!.text, '/verify-email'))).statusCode).toBe(400);
  });

  it('refuses the link when the new address got an account meanwhile, and a link older than 24 hours', async () => {
    const a = await person(t.app);
    const wanted = `wanted.${Date.now()}@example.test`;
    await a.api.put('/api/users/me/email', { email: wanted, password: STRONG_PASSWORD });
    const link = await latestMail(t.db, wanted, 'Confirm your new e-mail address for Selah');
    await signUp(t.app, { email: wanted });
    const refused = await openLink(linkToken(link!.text, '/verify-email'));
    expect(refused.statusCode).toBe(409);
    expect((await a.api.get('/api/auth/me')).json().email).toBe(a.email);

    const later = `later.${Date.now()}@example.test`;
    await a.api.put('/api/users/me/email', { email: later, password: STRONG_PASSWORD });
    const old = await latestMail(t.db, later, 'Confirm your new e-mail address for Selah');
    await t.db.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(and(eq(authTokens.userId, a.id), eq(authTokens.kind, 'email_change')));
    const expired = await openLink(linkToken(old!.text, '/verify-email'));
    expect(expired.statusCode).toBe(400);
    expect((await a.api.get('/api/auth/me')).json().email).toBe(a.email);
  });
});

describe('profile photo', () => {
  const upload = (u: Person, body: Buffer, type: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/users/me/avatar',
      headers: { authorization: `Bearer ${u.api.token}`, 'content-type': type },
      payload: body,
    });

  it('accepts a real PNG, serves it with its type, and refuses other files and sizes', async () => {
    const u = await person(t.app);
    const res = await upload(u, PNG, 'image/png');
    expect(res.statusCode).toBe(200);
    const url = res.json().profilePicture as string;
    expect(url).toMatch(/^\/api\/avatars\/[A-Za-z0-9_-]{32}$/);
    expect(url).not.toContain(u.id);
    const img = await t.app.inject({ method: 'GET', url, headers: bearer(u.api.token!) });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(PNG)).toBe(true);

    const fake = await upload(u, Buffer.from('<svg onload=alert(1)></svg>'), 'image/png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Please upload a PNG, JPEG or WebP image.');
    const big = await upload(u, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'image/png');
    expect(big.statusCode).toBe(413);
    expect((await upload(u, PNG, 'image/gif')).statusCode).toBe(415);
    expect((await u.api.get(url)).rawPayload.equals(PNG)).toBe(true);

    expect((await u.api.delete('/api/users/me/avatar')).json().profilePicture).toBeNull();
    expect((await u.api.get(url)).statusCode).toBe(404);
  });

  it('serves a photo only to those who may see the profile: private, revalidated, a new address per photo', async () => {
    const [owner, friend, fof, stranger] = await Promise.all([
      person(t.app, 'Pia'),
      person(t.app, 'Fred'),
      person(t.app, 'Fofa'),
      person(t.app, 'Sue'),
    ]);
    await befriend(owner, friend);
    await befriend(friend, fof);
    const first = (await upload(owner, PNG, 'image/png')).json().profilePicture as string;
    const get = (who: Person | null, url = first, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { ...(who ? bearer(who.api.token!) : {}), ...headers },
      });
    // "friends" (the default): friends and friends of friends, nobody else, nobody signed out.
    expect((await get(friend)).statusCode).toBe(200);
    expect((await get(fof)).statusCode).toBe(200);
    const hidden = await get(stranger);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Photo not found.');
    expect((await get(null)).statusCode).toBe(404);
    // An <img> sends the page cookie, not a bearer header.
    const cookie = `${PAGE_COOKIE}=${owner.api.token!}`;
    expect((await get(null, first, { cookie })).statusCode).toBe(200);

    const shown = await get(friend);
    expect(shown.headers['cache-control']).toBe('private, no-cache');
    const etag = shown.headers.etag as string;
    expect((await get(friend, first, { 'if-none-match': etag })).statusCode).toBe(304);

    await owner.api.put('/api/users/me/privacy', {
      profileVisibility: 'private',
      friendRequests: 'everyone',
      journalInvites: 'friends',
    });
    expect((await get(friend)).statusCode).toBe(200);
    expect((await get(fof)).statusCode).toBe(404);
    await owner.api.put('/api/users/me/privacy', {
      profileVisibility: 'public',
      friendRequests: 'everyone',
      journalInvites: 'friends',
    });
    expect((await get(stranger)).statusCode).toBe(200);

    const second = (await upload(owner, PNG, 'image/png')).json().profilePicture as string;
    expect(second).not.toBe(first);
    expect((await get(owner, first)).statusCode).toBe(404);
    expect((await get(owner, second)).statusCode).toBe(200);
  });
});

describe('download, clear and delete', () => {
  it('exports everything the user owns as JSON', async () => {
    const u = await person(t.app);
    const journal = (
      await u.api.post('/api/journals', { title: 'Exported', initialPrayer: 'Bless this export' })
    ).json()._id;
    await u.api.post('/api/prayer-requests', { title: 'Request to export' });
    const prayer = (await u.api.get(`/api/prayers?journal=${journal}`)).json().data[0]._id;
    expect((await u.api.post(`/api/prayers/${prayer}/prayed`)).statusCode).toBe(201);
    expect(
      (await u.api.post(`/api/prayers/${prayer}/notes`, { text: 'A note to keep' })).statusCode,
    ).toBe(201);
    const res = await u.api.get('/api/users/me/export');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="selah-activity-history.json"',
    );
    const data = res.json();
    expect(data.profile.email).toBe(u.email);
    expect(data.journals.map((j: { id: string }) => j.id)).toEqual([journal]);
    expect(data.prayers[0].content).toBe('Bless this export');
    expect(data.prayerRequests[0].title).toBe('Request to export');
    expect(data.prayed).toMatchObject([{ prayerId: prayer, late: false, source: 'card' }]);
    expect(data.prayerNotes).toMatchObject([{ prayerId: prayer, text: 'A note to keep' }]);
    expect(JSON.stringify(data)).not.toContain('passwordHash');
  });

  it('clears journals, prayers and requests only after the typed confirmation and the password', async () => {
    const u = await person(t.app);
    await u.api.post('/api/journals', { title: 'Gone soon', initialPrayer: 'x' });
    await u.api.post('/api/prayer-requests', { title: 'Gone too' });
    expect(
      (
        await u.api.post('/api/users/me/clear', { confirm: 'delete', password: STRONG_PASSWORD })
      ).json().message,
    ).toBe('Type DELETE to confirm.');
    const unconfirmed = await u.api.post('/api/users/me/clear', { confirm: 'DELETE' });
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json().message).toBe('Please enter your password to confirm.');
    const wrong = await u.api.post('/api/users/me/clear', {
      confirm: 'DELETE',
      password: 'not-my-password',
    });
    expect(wrong.statusCode).toBe(403);
    expect(await t.db.db.$count(journals, eq(journals.ownerId, u.id))).toBe(1);
    expect(
      (await u.api.post('/api/users/me/clear', { confirm: 'DELETE', password: STRONG_PASSWORD }))
        .statusCode,
    ).toBe(200);
    expect(await t.db.db.$count(journals, eq(journals.ownerId, u.id))).toBe(0);
    expect(await t.db.db.$count(prayers, eq(prayers.authorId, u.id))).toBe(0);
    expect(await t.db.db.$count(prayerRequests, eq(prayerRequests.creatorId, u.id))).toBe(0);
    expect((await u.api.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('deletes the account and every row it owned, ends its sessions, and keeps others’ counters right', async () => {
    const [u, friend, host] = await Promise.all([person(t.app), person(t.app), person(t.app)]);
    await befriend(u, friend);
    const journal = (
      await u.api.post('/api/journals', { title: 'Mine', initialPrayer: 'x' })
    ).json()._id;
    await u.api.post('/api/prayer-requests', { title: 'r', isPrivate: false });
    const hosted = (
      await host.api.post('/api/journals', { title: 'Hosted', isPrivate: false })
    ).json()._id;
    await u.api.post(`/api/journals/${hosted}/join`);
    await u.api.put('/api/users/me/avatar', undefined).catch(() => undefined);
    expect((await u.api.delete('/api/users/me')).statusCode).toBe(400); // no confirmation
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/users/me',
          headers: { authorization: `Bearer ${u.api.token}` },
          payload: { confirm: 'DELETE', password: 'wrong-one' },
        })
      ).statusCode,
    ).toBe(403);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${u.api.token}` },
      payload: { confirm: 'DELETE', password: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(204);
    expect((await u.api.get('/api/auth/me')).statusCode).toBe(401);
    expect((await host.api.get(`/api/journals/${hosted}`)).json().memberCount).toBe(1);
    expect((await friend.api.get('/api/friends')).json().data).toEqual([]);
    expect(await t.db.db.$count(journals, eq(journals.id, journal))).toBe(0);
    // No table keeps a row pointing at the user.
    const userColumnNames = [
      'userId',
      'ownerId',
      'authorId',
      'creatorId',
      'requesterId',
      'recipientId',
      'friendId',
      'inviterId',
      'invitedBy',
    ];
    let checked = 0;
    for (const [name, table] of Object.entries(schema)) {
      if (!(table instanceof PgTable)) continue;
      for (const [key, column] of Object.entries(getTableColumns(table))) {
        if (!userColumnNames.includes(key)) continue;
        checked++;
        const n = await t.db.db.$count(table, eq(column, u.id));
        expect({ table: name, key, n }).toEqual({ table: name, key, n: 0 });
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(await t.db.db.$count(sessions, eq(sessions.userId, u.id))).toBe(0);
    expect(await t.db.db.$count(users, or(eq(users.id, u.id), eq(users.email, u.email)))).toBe(0);
  });
});
