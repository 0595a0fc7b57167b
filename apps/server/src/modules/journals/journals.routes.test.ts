import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalMembers, journals, prayers } from '../../db/schema/index.ts';
import { buildTestApp, signUp, type TestApp } from '../../../test/build-test-app.ts';
import { type Api, apiAs } from '../../../test/api.ts';
import { setPlan } from '../../../test/plans.ts';

let t: TestApp;
let owner: Api;
let other: Api;
let member: Api;
let anon: Api;
let ownerId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const [o, x, m] = await Promise.all([
    signUp(t.app, { firstName: 'Olive' }),
    signUp(t.app),
    signUp(t.app),
  ]);
  owner = apiAs(t.app, o.token);
  other = apiAs(t.app, x.token);
  member = apiAs(t.app, m.token);
  anon = apiAs(t.app, null);
  ownerId = o.userId;
  // These tests create more journals than Free allows (limits: plan-limits.routes.test.ts).
  await setPlan(t.db, [o.userId, x.userId, m.userId], 'premium');
});
afterAll(async () => {
  await t?.close();
});

const PUBLIC_PROFILE = {
  profileVisibility: 'public',
  friendRequests: 'everyone',
  journalInvites: 'friends',
};

const createJournal = async (api: Api, body: Record<string, unknown> = {}) => {
  const res = await api.post('/api/journals', {
    title: 'Morning prayers',
    description: 'Daily',
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ _id: string }>()._id;
};

describe('POST /api/journals', () => {
  it('creates a private journal by default, owned by the user, with the owner as first member', async () => {
    const res = await owner.post('/api/journals', {
      title: '  Family Prayers ',
      description: 'For my family',
    });
    expect(res.statusCode).toBe(201);
    const journal = res.json();
    expect(journal).toMatchObject({
      title: 'Family Prayers',
      description: 'For my family',
      isPrivate: true,
      owner: ownerId,
      category: null,
      memberCount: 1,
      prayerCount: 0,
      answeredCount: 0,
      membership: 'owner',
    });
    // A list entry names no one: the journal's page names its owner by the profile rule.
    expect(journal).not.toHaveProperty('ownerName');
    const detail = (await owner.get(`/api/journals/${journal._id}`)).json();
    expect(detail.ownerName).toBe('Olive User');
  });

  it('creates the optional initial prayer in the same transaction', async () => {
    const res = await owner.post('/api/journals', {
      title: 'With a first prayer',
      isPrivate: false,
      category: 'Family',
      initialPrayer: 'Lord, watch over my family as we travel this week and bring us home safely.',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json()._id as string;
    expect(res.json()).toMatchObject({ prayerCount: 1, category: 'Family' });
    const detail = (await owner.get(`/api/journals/${id}`)).json();
    expect(detail.prayers).toHaveLength(1);
    expect(detail.prayers[0]).toMatchObject({
      category: 'Family',
      status: 'pending',
      isPrivate: true,
    });
    expect(detail.prayers[0].title.length).toBeLessThanOrEqual(50);
    expect(detail.prayers[0].content).toContain('bring us home safely');
  });

  it('ignores a blank initial prayer', async () => {
    const id = await createJournal(owner, { initialPrayer: '   ' });
    expect(await t.db.db.$count(prayers, eq(prayers.journalId, id))).toBe(0);
  });

  it.each([
    [{ title: '' }, 'Please provide a title for your journal.'],
    [{ title: '    ' }, 'Please provide a title for your journal.'],
    [{}, 'Please provide a title for your journal.'],
    [{ title: 'x'.repeat(51) }, 'Journal title must be 50 characters or less.'],
    [{ title: 'ok', category: 'Gardening' }, 'Please choose one of the prayer categories.'],
    [{ title: 'ok', isPrivate: 'yes' }, undefined],
    [{ title: 'ok', owner: 'someone-else' }, 'Unrecognized key: "owner"'],
  ])('rejects %j and writes nothing', async (body, message) => {
    const before = await t.db.db.$count(journals);
    const res = await owner.post('/api/journals', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    if (message) expect(res.json().message).toBe(message);
    expect(await t.db.db.$count(journals)).toBe(before);
  });

  it('accepts a title of exactly 50 characters', async () => {
    expect((await owner.post('/api/journals', { title: 'x'.repeat(50) })).statusCode).toBe(201);
  });

  it('requires sign-in', async () => {
    expect((await anon.post('/api/journals', { title: 'x' })).statusCode).toBe(401);
  });
});

describe('GET /api/journals/get', () => {
  it('lists journals the user owns or joined, with the join state, and nobody else’s', async () => {
    const mine = await createJournal(member, { title: 'Member own' });
    const publicId = await createJournal(owner, { title: 'Open circle', isPrivate: false });
    const hidden = await createJournal(owner, { title: 'Hidden one' });
    expect((await member.post(`/api/journals/${publicId}/join`)).statusCode).toBe(200);
    const list = (await member.get('/api/journals/get')).json<
      { _id: string; membership: string }[]
    >();
    const ids = list.map((j) => j._id);
    expect(ids).toContain(mine);
    expect(ids).toContain(publicId);
    expect(ids).not.toContain(hidden);
    expect(list.find((j) => j._id === mine)!.membership).toBe('owner');
    expect(list.find((j) => j._id === publicId)!.membership).toBe('member');
    expect((await anon.get('/api/journals/get')).statusCode).toBe(401);
  });
});

describe('GET /api/journals/:id', () => {
  it('shows a private journal to its owner and members only; others get 404', async () => {
    const id = await createJournal(owner, { title: 'Private circle' });
    expect((await owner.get(`/api/journals/${id}`)).statusCode).toBe(200);
    const hidden = await other.get(`/api/journals/${id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Journal not found.' });
    expect((await anon.get(`/api/journals/${id}`)).statusCode).toBe(401);
    // A private journal cannot be joined from outside.
    expect((await other.post(`/api/journals/${id}/join`)).statusCode).toBe(404);
    // Added as a member (as sharing will do), the user can read it.
    await t.db.db.insert(journalMembers).values({
      journalId: id,
      userId: (await other.get('/api/auth/me')).json()._id,
      role: 'member',
    });
    expect((await other.get(`/api/journals/${id}`)).statusCode).toBe(200);
  });

  it('shows a public journal to any signed-in user with members, but never private prayers', async () => {
    const id = await createJournal(owner, { title: 'Public with secrets', isPrivate: false });
    await owner.post('/api/prayers', {
      title: 'Open prayer',
      journal: id,
      isPrivate: false,
      category: 'Health',
    });
    await owner.post('/api/prayers', {
      title: 'Secret prayer',
      journal: id,
      isPrivate: true,
      category: 'Family',
    });
    const asOwner = (await owner.get(`/api/journals/${id}`)).json();
    expect(asOwner.prayers.map((p: { title: string }) => p.title).sort()).toEqual([
      'Open prayer',
      'Secret prayer',
    ]);
    expect(asOwner).toMatchObject({ prayerCount: 2, categories: ['Family', 'Health'] });
    const asOther = (await other.get(`/api/journals/${id}`)).json();
    expect(asOther.prayers.map((p: { title: string }) => p.title)).toEqual(['Open prayer']);
    expect(asOther).toMatchObject({ prayerCount: 1, categories: ['Health'], membership: 'none' });
    // The owner's profile is "friends" (the default): a stranger reads the journal, not who wrote it.
    expect(asOther).toMatchObject({ ownerName: '', members: [] });
    expect((await owner.put('/api/users/me/privacy', PUBLIC_PROFILE)).statusCode).toBe(200);
    const public_ = (await other.get(`/api/journals/${id}`)).json();
    expect(public_.ownerName).toBe('Olive User');
    expect(public_.members).toEqual([
      expect.objectContaining({ userId: ownerId, role: 'owner', name: 'Olive User' }),
    ]);
    await owner.put('/api/users/me/privacy', { ...PUBLIC_PROFILE, profileVisibility: 'friends' });
  });

  it('answers 400 for an invalid id and 404 for an unknown one', async () => {
    expect((await owner.get('/api/journals/not-a-uuid')).statusCode).toBe(400);
    expect((await owner.get('/api/journals/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });
});

describe('PUT /api/journals/:id', () => {
  it('lets the owner edit; others (member or not) get 404 and nothing changes', async () => {
    const id = await createJournal(owner, { isPrivate: false });
    await member.post(`/api/journals/${id}/join`);
    const res = await owner.put(`/api/journals/${id}`, { title: 'Renamed', category: 'Health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Renamed', category: 'Health' });
    for (const api of [member, other]) {
      expect((await api.put(`/api/journals/${id}`, { title: 'Hijacked' })).statusCode).toBe(404);
    }
    expect((await owner.get(`/api/journals/${id}`)).json().title).toBe('Renamed');
    // An empty update is valid and changes nothing (Drizzle refuses an empty SET: it was a 500).
    const unchanged = await owner.put(`/api/journals/${id}`, {});
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toMatchObject({ title: 'Renamed', category: 'Health' });
    expect((await owner.put(`/api/journals/${id}`, { title: 'x'.repeat(51) })).json().message).toBe(
      'Journal title must be 50 characters or less.',
    );
  });
});

describe('DELETE /api/journals/:id', () => {
  it('deletes the journal with all its prayers; only the owner may', async () => {
    const id = await createJournal(owner, { isPrivate: false });
    const prayer = (
      await owner.post('/api/prayers', { title: 'To be removed', journal: id })
    ).json()._id as string;
    await owner.put(`/api/prayers/${prayer}/status`, { isAnswered: true });
    await owner.post(`/api/prayers/${prayer}/testimony`, { testimony: 'Answered!' });
    await member.post(`/api/journals/${id}/join`);
    expect((await member.delete(`/api/journals/${id}`)).statusCode).toBe(404);
    expect((await other.delete(`/api/journals/${id}`)).statusCode).toBe(404);
    expect((await owner.delete(`/api/journals/${id}`)).statusCode).toBe(204);
    expect((await owner.get(`/api/journals/${id}`)).statusCode).toBe(404);
    expect(await t.db.db.$count(prayers, eq(prayers.journalId, id))).toBe(0);
    expect(await t.db.db.$count(journalMembers, eq(journalMembers.journalId, id))).toBe(0);
    expect((await owner.get(`/api/prayers/${prayer}`)).statusCode).toBe(404);
  });
});

describe('POST /api/journals/:id/join', () => {
  it('joins a public journal once, however often it is called; the owner cannot join', async () => {
    const id = await createJournal(owner, { isPrivate: false });
    const first = await other.post(`/api/journals/${id}/join`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'You joined the journal.',
      journal: { membership: 'member', memberCount: 2 },
    });
    const second = await other.post(`/api/journals/${id}/join`);
    expect(second.json()).toMatchObject({
      message: 'You are already a member of this journal.',
      journal: { memberCount: 2 },
    });
    const self = await owner.post(`/api/journals/${id}/join`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You own this journal, so you are already in it.');
    expect((await anon.post(`/api/journals/${id}/join`)).statusCode).toBe(401);
  });
});

describe('discover', () => {
  it('lists public journals by tab with search, category and pagination; never private ones', async () => {
    const { token, userId } = await signUp(t.app);
    await setPlan(t.db, userId, 'premium');
    const creator = apiAs(t.app, token);
    const tag = `disc${Date.now().toString(36)}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        await createJournal(creator, {
          title: `${tag} journal ${i}`,
          isPrivate: false,
          category: i % 2 ? 'Health' : 'Family',
        }),
      );
    }
    const privateId = await createJournal(creator, { title: `${tag} private`, isPrivate: true });
    // Make journal 3 the most popular and journal 1 the most active this week.
    await other.post(`/api/journals/${ids[3]}/join`);
    await member.post(`/api/journals/${ids[3]}/join`);
    for (let i = 0; i < 3; i++)
      await creator.post('/api/prayers', { title: `p${i}`, journal: ids[1], isPrivate: false });

    const popular = (
      await other.get(`/api/journals/public?tab=popular&search=${tag}&limit=2`)
    ).json();
    expect(popular.data).toHaveLength(2);
    expect(popular.data[0]._id).toBe(ids[3]);
    expect(popular.data[0].membership).toBe('member');
    const rest = (
      await other.get(
        `/api/journals/public?tab=popular&search=${tag}&limit=10&cursor=${popular.nextCursor}`,
      )
    ).json();
    const all = [...popular.data, ...rest.data].map((j: { _id: string }) => j._id);
    expect(new Set(all).size).toBe(5);
    expect(all).not.toContain(privateId);
    expect(rest.nextCursor).toBeNull();

    const newest = (
      await other.get(`/api/journals/public?tab=new&search=${tag.toUpperCase()}`)
    ).json();
    expect(newest.data.map((j: { _id: string }) => j._id)).toEqual([...ids].reverse());

    const trending = (await other.get(`/api/journals/public?tab=trending&search=${tag}`)).json();
    expect(trending.data[0]._id).toBe(ids[1]);
    expect(trending.data.map((j: { _id: string }) => j._id)).toContain(ids[3]);

    const health = (
      await other.get(`/api/journals/public?tab=new&search=${tag}&category=Health`)
    ).json();
    expect(health.data.map((j: { _id: string }) => j._id).sort()).toEqual([ids[1], ids[3]].sort());

    const overview = (await other.get('/api/journals/discover')).json();
    expect(overview.categories).toEqual(
      expect.arrayContaining([expect.objectContaining({ category: 'Health' })]),
    );
    expect(overview.featured).toMatchObject({
      _id: expect.any(String),
      recentActivity: expect.any(Number),
    });
    expect(overview.featured.isPrivate).toBe(false);
  });

  it('rejects a malformed cursor and an unknown tab with 400', async () => {
    expect((await other.get('/api/journals/public?cursor=%%%')).statusCode).toBe(400);
    expect((await other.get('/api/journals/public?tab=best')).statusCode).toBe(400);
    expect((await other.get('/api/journals/public?limit=1000')).statusCode).toBe(400);
  });
});
