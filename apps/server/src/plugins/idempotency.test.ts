import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, prayers } from '../db/schema/index.ts';
import { bearer, buildTestApp, signUp, type TestApp } from '../../test/build-test-app.ts';

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
});
