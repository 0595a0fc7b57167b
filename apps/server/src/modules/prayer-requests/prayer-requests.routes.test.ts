import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications, prayerActivity } from '../../db/schema/index.ts';
import { bearer, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { apiAs } from '../../../test/api.ts';
import { befriend, person, type Person } from '../../../test/people.ts';

let t: TestApp;
/** owner; friendShared (in sharedWith); friendNotShared; stranger */
let owner: Person;
let shared: Person;
let notShared: Person;
let stranger: Person;
let privateId: string;
let publicId: string;

beforeAll(async () => {
  t = await buildTestApp();
  [owner, shared, notShared, stranger] = await Promise.all([
    person(t.app, 'Olive'),
    person(t.app, 'Sam'),
    person(t.app, 'Nia'),
    person(t.app, 'Stan'),
  ]);
  await befriend(owner, shared);
  await befriend(owner, notShared);
  const priv = await owner.api.post('/api/prayer-requests', {
    title: '  Job interview ',
    description: 'Pray for calm',
    category: 'Career',
    isPrivate: true,
    sharedWith: [shared.id],
  });
  expect(priv.statusCode).toBe(201);
  privateId = priv.json()._id;
  publicId = (
    await owner.api.post('/api/prayer-requests', {
      title: 'Healing for Dad',
      isPrivate: false,
      category: 'Health',
    })
  ).json()._id;
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/prayer-requests', () => {
  it('answers a keyed create with the new request, read inside its own transaction, and replays it', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/prayer-requests',
        headers: { ...bearer(owner.api.token!), 'idempotency-key': 'request-once' },
        payload: { title: 'Keyed', sharedWith: [shared.id] },
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ title: 'Keyed', sharedWith: [shared.id], isMine: true });
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    // Outside that transaction, the prepared lookup finds it too.
    expect((await shared.api.get(`/api/prayer-requests/${first.json()._id}`)).statusCode).toBe(200);
  });

  it('creates with defaults: private, Personal, no one shared', async () => {
    const res = await owner.api.post('/api/prayer-requests', { title: 'Quiet one' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Quiet one',
      category: 'Personal',
      isPrivate: true,
      sharedWith: [],
      prayingCount: 0,
      isMine: true,
    });
    expect(res.json().creator).toMatchObject({ _id: owner.id });
  });

  it('validates with the spec message and refuses sharing with non-friends, writing nothing', async () => {
    expect((await owner.api.post('/api/prayer-requests', { title: '   ' })).json().message).toBe(
      'Please provide a title for your prayer request.',
    );
    const res = await owner.api.post('/api/prayer-requests', {
      title: 'x',
      sharedWith: [stranger.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You can only share with your friends.');
    const mine = (
      await owner.api.get('/api/prayer-requests?type=myRequests&searchQuery=x&limit=100')
    ).json().data;
    expect(mine.filter((r: { title: string }) => r.title === 'x')).toHaveLength(0);
    expect(
      (await owner.api.post('/api/prayer-requests', { title: 'x', category: 'Sports' })).statusCode,
    ).toBe(400);
    expect(
      (await owner.api.post('/api/prayer-requests', { title: 'x', creatorId: stranger.id }))
        .statusCode,
    ).toBe(400);
  });

  it('notifies the friends it is shared with', async () => {
    const rows = await t.db.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, shared.id), eq(notifications.type, 'request_shared')));
    expect(rows[0]!.message).toBe('Olive User shared a prayer request with you: "Job interview".');
  });
});

describe('who sees what', () => {
  const sees = async (p: Person, id: string) =>
    (await p.api.get(`/api/prayer-requests/${id}`)).statusCode;
  const friendList = async (p: Person) =>
    (await p.api.get('/api/prayer-requests?type=friendRequests&limit=100'))
      .json()
      .data.map((r: { _id: string }) => r._id);

  it('private: creator and sharedWith friends only; public: the creator’s friends', async () => {
    expect(await sees(owner, privateId)).toBe(200);
    expect(await sees(shared, privateId)).toBe(200);
    expect(await sees(notShared, privateId)).toBe(404);
    expect(await sees(stranger, privateId)).toBe(404);
    expect(await sees(notShared, publicId)).toBe(200);
    expect(await sees(stranger, publicId)).toBe(404);
    expect((await apiAs(t.app, null).get(`/api/prayer-requests/${publicId}`)).statusCode).toBe(401);

    expect(await friendList(shared)).toEqual(expect.arrayContaining([privateId, publicId]));
    expect(await friendList(notShared)).toEqual([publicId]);
    expect(await friendList(stranger)).toEqual([]);
    expect(await friendList(owner)).not.toContain(publicId);
  });

  it('shows sharedWith only to the creator', async () => {
    expect((await owner.api.get(`/api/prayer-requests/${privateId}`)).json().sharedWith).toEqual([
      shared.id,
    ]);
    expect((await shared.api.get(`/api/prayer-requests/${privateId}`)).json().sharedWith).toEqual(
      [],
    );
  });

  it('un-sharing and unfriending take effect at once', async () => {
    const id = (
      await owner.api.post('/api/prayer-requests', {
        title: 'Temp',
        sharedWith: [shared.id, notShared.id],
      })
    ).json()._id;
    expect(await sees(notShared, id)).toBe(200);
    await owner.api.put(`/api/prayer-requests/${id}`, { sharedWith: [shared.id] });
    expect(await sees(notShared, id)).toBe(404);
    const [a, b] = await Promise.all([person(t.app), person(t.app)]);
    await befriend(a, b);
    const pub = (
      await a.api.post('/api/prayer-requests', { title: 'Open', isPrivate: false })
    ).json()._id;
    expect(await sees(b, pub)).toBe(200);
    await a.api.delete(`/api/friends/${b.id}`);
    expect(await sees(b, pub)).toBe(404);
  });

  it('only the creator edits or deletes; others get 404 and nothing changes', async () => {
    for (const p of [shared, notShared, stranger]) {
      expect(
        (await p.api.put(`/api/prayer-requests/${publicId}`, { title: 'Hijack' })).statusCode,
      ).toBe(404);
      expect((await p.api.delete(`/api/prayer-requests/${publicId}`)).statusCode).toBe(404);
    }
    expect((await owner.api.get(`/api/prayer-requests/${publicId}`)).json().title).toBe(
      'Healing for Dad',
    );
    const ok = await owner.api.put(`/api/prayer-requests/${publicId}`, {
      description: 'Surgery on Friday',
    });
    expect(ok.json().description).toBe('Surgery on Friday');
  });

  it('making a request public empties sharedWith; sharing with a non-friend on update is refused', async () => {
    const id = (
      await owner.api.post('/api/prayer-requests', { title: 'Flip', sharedWith: [shared.id] })
    ).json()._id;
    const flipped = await owner.api.put(`/api/prayer-requests/${id}`, { isPrivate: false });
    expect(flipped.json()).toMatchObject({ isPrivate: false, sharedWith: [] });
    const bad = await owner.api.put(`/api/prayer-requests/${id}`, {
      isPrivate: true,
      sharedWith: [stranger.id],
    });
    expect(bad.statusCode).toBe(400);
    expect((await owner.api.get(`/api/prayer-requests/${id}`)).json().isPrivate).toBe(false);
  });
});

describe("I'm Praying", () => {
  it('marks and unmarks the signed-in user, counts them, notifies the creator once, and counts toward the streak', async () => {
    const first = await shared.api.post(`/api/prayer-requests/${privateId}/pray`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Prayer response recorded!',
      request: { isPraying: true, prayingCount: 1 },
    });
    // Each person by their display name (issue 29 §5), the creator too.
    expect(first.json().request.respondedUsers).toEqual([
      expect.objectContaining({ _id: shared.id, name: 'Sam User' }),
    ]);
    expect(first.json().request.creator).toMatchObject({ _id: owner.id, name: 'Olive User' });
    await shared.api.post(`/api/prayer-requests/${privateId}/pray`); // idempotent
    const seen = (await owner.api.get(`/api/prayer-requests/${privateId}`)).json();
    expect(seen).toMatchObject({ prayingCount: 1, isPraying: false });
    const notes = await t.db.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.type, 'request_prayed')));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toBe('Sam User is praying for your request "Job interview".');
    expect(
      await t.db.db.$count(
        prayerActivity,
        and(eq(prayerActivity.userId, shared.id), eq(prayerActivity.kind, 'prayed_for_request')),
      ),
    ).toBe(1);
    // The streak counts days with a Prayed (issue 20 §5); committing to pray is not a Prayed.
    expect((await shared.api.get('/api/stats')).json().prayerStreak).toBe(0);

    const undone = await shared.api.delete(`/api/prayer-requests/${privateId}/pray`);
    expect(undone.json()).toMatchObject({
      message: 'Prayer response removed!',
      request: { isPraying: false, prayingCount: 0 },
    });
  });

  it('answers what a read right after shows (the newest ranks last, 20 listed) and queues one e-mail per new prayer', async () => {
    const creator = await person(t.app, 'Ruth');
    const friends = await Promise.all(Array.from({ length: 21 }, () => person(t.app, 'Eli')));
    for (const friend of friends) await befriend(creator, friend);
    const id = (
      await creator.api.post('/api/prayer-requests', { title: 'Rain', isPrivate: false })
    ).json()._id;
    for (const [i, friend] of friends.entries()) {
      const answer = (await friend.api.post(`/api/prayer-requests/${id}/pray`)).json().request;
      expect(answer).toEqual((await friend.api.get(`/api/prayer-requests/${id}`)).json());
      expect(answer).toMatchObject({ prayingCount: i + 1, isPraying: true });
    }
    const last = friends.at(-1)!;
    const lastAnswer = (await last.api.get(`/api/prayer-requests/${id}`)).json();
    expect(lastAnswer.respondedUsers).toHaveLength(20);
    expect(lastAnswer.respondedUsers.map((u: { _id: string }) => u._id)).not.toContain(last.id);
    // Praying again changes nothing and tells no one again.
    const again = (await friends[0]!.api.post(`/api/prayer-requests/${id}/pray`)).json().request;
    expect(again).toEqual((await friends[0]!.api.get(`/api/prayer-requests/${id}`)).json());
    expect(again).toMatchObject({ prayingCount: 21, isPraying: true });
    const told = and(
      eq(notifications.userId, creator.id),
      eq(notifications.type, 'request_prayed'),
    );
    expect(await t.db.db.$count(notifications, told)).toBe(21);
    expect(
      await t.db.db.$count(
        mailOutbox,
        and(
          eq(mailOutbox.to, creator.email),
          like(mailOutbox.subject, '%praying for your request%'),
        ),
      ),
    ).toBe(21);
  });

  it('refuses the creator and anyone who cannot see the request', async () => {
    expect((await owner.api.post(`/api/prayer-requests/${privateId}/pray`)).statusCode).toBe(400);
    expect((await notShared.api.post(`/api/prayer-requests/${privateId}/pray`)).statusCode).toBe(
      404,
    );
    expect((await stranger.api.post(`/api/prayer-requests/${publicId}/pray`)).statusCode).toBe(404);
  });
});

describe('GET /api/prayer-requests', () => {
  it('filters by category and search on the server and pages', async () => {
    const me = await person(t.app);
    for (let i = 0; i < 5; i++)
      await me.api.post('/api/prayer-requests', { title: `Family ${i}`, category: 'Family' });
    await me.api.post('/api/prayer-requests', {
      title: 'Work thing',
      category: 'Career',
      description: 'promotion',
    });
    const fam = (
      await me.api.get('/api/prayer-requests?type=myRequests&category=Family&limit=3')
    ).json();
    expect(fam.data).toHaveLength(3);
    const rest = (
      await me.api.get(
        `/api/prayer-requests?type=myRequests&category=Family&limit=3&cursor=${fam.nextCursor}`,
      )
    ).json();
    expect(rest.data).toHaveLength(2);
    expect(rest.nextCursor).toBeNull();
    expect(
      (await me.api.get('/api/prayer-requests?type=myRequests&searchQuery=PROMOTION')).json().data,
    ).toHaveLength(1);
    expect(
      (await me.api.get('/api/prayer-requests?type=myRequests&category=all')).json().data,
    ).toHaveLength(6);
    expect((await me.api.get('/api/prayer-requests?type=everyone')).statusCode).toBe(400);
  });
});
