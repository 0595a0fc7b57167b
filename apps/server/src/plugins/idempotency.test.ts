import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, prayers } from '../db/schema/index.ts';
import { bearer, buildTestApp, signUp, type TestApp } from '../../test/build-test-app.ts';
import { befriend, person } from '../../test/people.ts';
import { setPlan } from '../../test/plans.ts';

let t: TestApp;
let app: FastifyInstance;
let alice: { token: string; id: string };
let bob: { token: string; id: string };
let aliceJournal: string;
let bobJournal: string;

const post = (
  who: { token: string },
  url: string,
  payload: Record<string, unknown>,
  key?: string,
) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(who.token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });

const prayersIn = async (journalId: string) =>
  (
    await t.db.db
      .select({ id: prayers.id, title: prayers.title })
      .from(prayers)
      .where(eq(prayers.journalId, journalId))
  ).map((r) => r.title);

const keyRow = async (userId: string, key: string) =>
  (
    await t.db.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
  )[0];

let n = 0;
const unique = (label: string) => `${label}-${Date.now()}-${n++}`;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  const [a, b] = await Promise.all([signUp(app), signUp(app)]);
  alice = { token: a.token, id: a.userId };
  bob = { token: b.token, id: b.userId };
  aliceJournal = (await post(alice, '/api/journals', { title: 'Alice' })).json<{ _id: string }>()
    ._id;
  bobJournal = (await post(bob, '/api/journals', { title: 'Bob' })).json<{ _id: string }>()._id;
});
afterAll(async () => {
  await t?.close();
});

describe('Idempotency-Key on creating endpoints', () => {
  it('replays the first answer for a retry with the same key and body, creating nothing', async () => {
    const key = unique('replay');
    const title = unique('Replayed prayer');
    const first = await post(alice, '/api/prayers', { title, journal: aliceJournal }, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post(alice, '/api/prayers', { title, journal: aliceJournal }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await prayersIn(aliceJournal)).filter((x) => x === title)).toHaveLength(1);
    expect(await keyRow(alice.id, key)).toMatchObject({
      scope: 'POST /api/prayers',
      status: 201,
      body: first.json(),
    });
  });

  it('answers 409 for the same key with a different body or on another route', async () => {
    const key = unique('reuse');
    const title = unique('Original');
    expect(
      (await post(alice, '/api/prayers', { title, journal: aliceJournal }, key)).statusCode,
    ).toBe(201);
    const changed = await post(
      alice,
      '/api/prayers',
      { title: `${title}!`, journal: aliceJournal },
      key,
    );
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'IDEMPOTENCY_KEY_REUSED' },
    });
    const otherRoute = await post(alice, '/api/journals', { title }, key);
    expect(otherRoute.statusCode).toBe(409);
    expect(await prayersIn(aliceJournal)).not.toContain(`${title}!`);
  });

  it('without the header, every request creates (normal behaviour)', async () => {
    const title = unique('No key');
    for (let i = 0; i < 2; i++) {
      expect((await post(alice, '/api/prayers', { title, journal: aliceJournal })).statusCode).toBe(
        201,
      );
    }
    expect((await prayersIn(aliceJournal)).filter((x) => x === title)).toHaveLength(2);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['a control character', 'a\tb'],
  ])('refuses a key that is %s with 400 and creates nothing', async (_label, key) => {
    const title = unique('Bad key');
    const res = await post(alice, '/api/prayers', { title, journal: aliceJournal }, key);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await prayersIn(aliceJournal)).not.toContain(title);
  });

  it('accepts a 255-character printable key', async () => {
    const key = `${unique('long')}~ !`.padEnd(255, 'x');
    const res = await post(alice, '/api/journals', { title: 'Long key' }, key);
    expect(res.statusCode).toBe(201);
  });

  it("scopes keys to the user: another user's same key is independent", async () => {
    const key = unique('shared');
    const a = await post(
      alice,
      '/api/prayers',
      { title: 'Same key A', journal: aliceJournal },
      key,
    );
    const b = await post(bob, '/api/prayers', { title: 'Same key B', journal: bobJournal }, key);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json<{ _id: string }>()._id).not.toBe(a.json<{ _id: string }>()._id);
  });

  it('never creates twice under concurrent identical requests', async () => {
    const key = unique('race');
    const title = unique('Raced prayer');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(alice, '/api/prayers', { title, journal: aliceJournal }, key),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      String(statuses),
    ).toBe(true);
    const ids = new Set(answers.filter((r) => r.statusCode === 201).map((r) => r.json()._id));
    expect(ids.size).toBe(1);
    expect((await prayersIn(aliceJournal)).filter((x) => x === title)).toHaveLength(1);
  });

  it('creates in parallel for one user with different keys, without a deadlock', async () => {
    // Each key row locks the user row `for key share` (its foreign key) before the plan check
    // locks it: on PostgreSQL, `for update` there made parallel creates deadlock (500).
    const titles = Array.from({ length: 8 }, () => unique('Parallel prayer'));
    const answers = await Promise.all(
      titles.map((title) =>
        post(alice, '/api/prayers', { title, journal: aliceJournal }, unique('parallel')),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(titles.map(() => 201));
    const stored = await prayersIn(aliceJournal);
    for (const title of titles) expect(stored).toContain(title);
  });

  it('stores nothing when the create fails, so the key can be retried', async () => {
    const key = unique('failed');
    const title = unique('Not yours');
    const denied = await post(alice, '/api/prayers', { title, journal: bobJournal }, key);
    // Bob's private journal is invisible to Alice: 404, thrown after the key was claimed.
    expect(denied.statusCode).toBe(404);
    expect(await keyRow(alice.id, key)).toBeUndefined();
    const ok = await post(alice, '/api/prayers', { title, journal: aliceJournal }, key);
    expect(ok.statusCode).toBe(201);
  });

  it('lets an expired key be used again', async () => {
    const key = unique('expired');
    const first = await post(bob, '/api/prayers', { title: 'Before', journal: bobJournal }, key);
    expect(first.statusCode).toBe(201);
    await t.db.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(and(eq(idempotencyKeys.userId, bob.id), eq(idempotencyKeys.key, key)));
    const after = await post(bob, '/api/prayers', { title: 'After', journal: bobJournal }, key);
    expect(after.statusCode).toBe(201);
    expect(after.headers['idempotent-replayed']).toBeUndefined();
    expect(after.json()).toMatchObject({ title: 'After' });
  });

  it('is documented on every creating route of the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    }>();
    const creating = [
      '/api/journals/',
      '/api/prayers/',
      '/api/prayers/{id}/testimony',
      '/api/prayer-requests/',
      '/api/prayer-groups/',
      '/api/prayer-groups/{id}/invite',
      '/api/friends/request/{id}',
      '/api/friends/invite-email',
      '/api/journals/{id}/share',
      '/api/prayers/{id}/share',
    ];
    for (const path of creating) {
      const operation = doc.paths[path]?.post ?? doc.paths[path.replace(/\/$/, '')]?.post;
      expect(operation, path).toBeDefined();
      expect(
        operation?.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'),
        path,
      ).toBe(true);
    }
  });

  it("runs every creating route's service in the key's transaction, reads included", async () => {
    // Each service reads and writes through the transaction the key opened (ADR 047): a read on
    // the pool instead would wait for that transaction on PGlite's one connection for ever.
    const [carol, dave, erin, fay] = await Promise.all([
      person(app, 'Carol'),
      person(app, 'Dave'),
      person(app, 'Erin'),
      person(app, 'Fay'),
    ]);
    await befriend(carol, dave);
    await setPlan(t.db, carol.id, 'premium');
    const keyed = async (who: { token: string | null }, url: string, payload: object) => {
      const key = unique('every-route');
      const first = await post({ token: who.token! }, url, payload as Record<string, unknown>, key);
      expect(first.statusCode, `${url}: ${first.body}`).toBeLessThan(300);
      const again = await post({ token: who.token! }, url, payload as Record<string, unknown>, key);
      expect(again.headers['idempotent-replayed'], url).toBe('true');
      expect(again.json(), url).toEqual(first.json());
      return first.json<Record<string, unknown>>();
    };
    const carolApi = carol.api;
    const journal = (await keyed(carolApi, '/api/journals', {
      title: 'Keyed',
      isPrivate: true,
      initialPrayer: 'The first prayer',
    })) as { _id: string };
    const prayer = (await keyed(carolApi, '/api/prayers', {
      title: 'Keyed prayer',
      journal: journal._id,
      isPrivate: false,
    })) as { _id: string };
    expect(
      (await carolApi.put(`/api/prayers/${prayer._id}/status`, { isAnswered: true })).statusCode,
    ).toBe(200);
    await keyed(carolApi, `/api/prayers/${prayer._id}/testimony`, { testimony: 'Answered.' });
    await keyed(carolApi, '/api/prayer-requests', {
      title: 'Keyed request',
      isPrivate: true,
      sharedWith: [dave.id],
    });
    const group = (await keyed(carolApi, '/api/prayer-groups', {
      name: 'Keyed group',
      description: 'A group made with a key.',
      journalId: journal._id,
    })) as { data: { _id: string } };
    await keyed(carolApi, `/api/prayer-groups/${group.data._id}/invite`, { userIds: [dave.id] });
    await keyed(carolApi, `/api/journals/${journal._id}/share`, { userIds: [dave.id] });
    await keyed(carolApi, `/api/prayers/${prayer._id}/share`, { userIds: [dave.id] });
    await keyed(carolApi, `/api/friends/request/${erin.id}`, {});
    // Fay asked first: Carol's request accepts hers, inside the key's transaction.
    expect((await fay.api.post(`/api/friends/request/${carol.id}`)).statusCode).toBe(201);
    expect(await keyed(carolApi, `/api/friends/request/${fay.id}`, {})).toEqual({
      message: 'Friend request accepted!',
    });
    await keyed(carolApi, '/api/friends/invite-email', { recipientEmail: erin.email });
    await keyed(carolApi, '/api/friends/invite-email', {
      recipientEmail: `${unique('new')}@example.test`,
    });
    // What the creates told Dave (Carol's friend request came first) was committed with them.
    const notes = (await dave.api.get('/api/notifications')).json<{ data: { type: string }[] }>();
    expect(notes.data.map((n) => n.type).sort()).toEqual([
      'friend_request',
      'group_invite',
      'journal_shared',
      'prayer_shared',
      'request_shared',
    ]);
  });
});
