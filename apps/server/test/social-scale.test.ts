import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed, SEED_PASSWORD, seedId, SeedLayout, type SeedOptions } from '../src/db/seed.ts';
import { apiAs, type Api } from './api.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { createTestDb } from './test-db.ts';

/**
 * Issue 7's N+1 and index checks for the social lists (friends, the friend view of prayer
 * requests, notifications): one statement besides the session lookup whatever the page size
 * (ADR 046), and the friend view walks the viewer's friends by index rather than every request
 * in the table.
 */
/** The signed-in user: user 41 writes journal 11 (every fourth user writes). */
const ME = 41;
const options: SeedOptions = {
  users: 400,
  writerEvery: 4,
  journalsPerUser: 1,
  prayersPerJournal: 5,
  friendsPerUser: 20,
  requestsPerUser: 4,
  notificationsPerUser: 30,
  plan: 'premium',
};
const layout = new SeedLayout(options);
let t: TestApp;
let statements: { sql: string; params: unknown[] }[] = [];
let api: Api;

beforeAll(async () => {
  const db = await createTestDb({
    onQuery: (query, params) => statements.push({ sql: query, params }),
  });
  await seed(db.db, options);
  await db.db.execute(sql`analyze`);
  t = await buildTestApp({ db });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: '10.202.0.1',
    payload: { email: 'seed41@example.test', password: SEED_PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  api = apiAs(t.app, login.json<{ token: string }>().token);
  await api.get('/api/auth/me'); // records activity (once a minute): not counted below
}, 300_000);
afterAll(async () => {
  await t?.app.close();
  await t?.db.close();
  await t?.close();
});

async function run(url: string) {
  statements = [];
  const res = await api.get(url);
  expect(res.statusCode, res.body).toBe(200);
  const ran = statements;
  statements = [];
  // The first statement is the session lookup.
  expect(ran[0]!.sql).toMatch(/from "sessions"/);
  return { res, ran: ran.slice(1) };
}

describe('social lists on a seed of 400 users with 20 friends each', () => {
  it('run one statement besides the session lookup, whatever the page size', async () => {
    for (const [url, pageParam] of [
      ['/api/friends', null],
      ['/api/prayer-requests?type=friendRequests', 'limit'],
      ['/api/prayer-requests?type=myRequests', 'limit'],
      ['/api/notifications', 'limit'],
    ] as const) {
      const { ran } = await run(url);
      expect(ran.length, url).toBe(1);
      if (pageParam) {
        const sep = url.includes('?') ? '&' : '?';
        const small = await run(`${url}${sep}${pageParam}=2`);
        const large = await run(`${url}${sep}${pageParam}=100`);
        expect([small.ran.length, large.ran.length], url).toEqual([ran.length, ran.length]);
      }
    }
  });

  it("shows exactly the friends' requests the viewer may see", async () => {
    const { res } = await run('/api/prayer-requests?type=friendRequests&limit=100');
    const page = res.json<{ data: { creator: { username: string }; isPrivate: boolean }[] }>();
    const friends = new Set(
      Array.from({ length: 10 }, (_, i) => [
        `seed${layout.friend(ME, i + 1)}`,
        `seed${layout.friend(ME, -(i + 1))}`,
      ]).flat(),
    );
    // Each of the 20 friends has 2 public requests; private ones are shared with the
    // creator's friends on the + side (creator + 1 ... creator + 3..10).
    expect(page.data.filter((r) => !r.isPrivate)).toHaveLength(40);
    for (const r of page.data) expect(friends.has(r.creator.username)).toBe(true);
    const privateCreators = page.data.filter((r) => r.isPrivate).map((r) => r.creator.username);
    expect(privateCreators.length).toBeGreaterThan(0);
    for (const c of privateCreators) expect(Number(c.slice(4))).toBeLessThan(ME);
  });

  it('plans the friend view by index on the creator, never by scanning prayer_requests', async () => {
    const { ran } = await run('/api/prayer-requests?type=friendRequests');
    const list = ran.find((s) => /from "prayer_requests"/.test(s.sql))!;
    await t.db.db.execute(sql`set enable_seqscan = off`);
    const result: unknown = await (t.db.pglite
      ? t.db.pglite.query(`explain ${list.sql}`, list.params)
      : t.db.pool!.query(`explain ${list.sql}`, list.params));
    await t.db.db.execute(sql`set enable_seqscan = on`);
    const plan = (result as { rows: Record<string, string>[] }).rows
      .map((r) => Object.values(r)[0])
      .join('\n');
    expect(plan).not.toMatch(/Seq Scan on prayer_requests/);
    expect(plan).toMatch(/prayer_requests_creator_idx/);
    expect(plan).toMatch(/Index Cond: \(creator_id = /);
  });

  it('answers writes without reading back what they wrote (bounded statements, same answer as a read)', async () => {
    statements = [];
    const created = await api.post('/api/prayers', {
      journal: seedId('journal', 11),
      title: 'Written by the scale test',
      content: 'text',
      isPrivate: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const createStatements = statements.length;
    // session, journal, begin, plan check, insert, journal counters, activity, commit
    expect(createStatements).toBeLessThanOrEqual(8);
    const read = await api.get(`/api/prayers/${created.json<{ _id: string }>()._id}`);
    expect(created.json()).toEqual(read.json());

    const [request] = layout.publicRequestsOf(layout.friend(ME, -5));
    statements = [];
    const prayed = await api.post(`/api/prayer-requests/${seedId('request', request!)}/pray`);
    expect(prayed.statusCode, prayed.body).toBe(200);
    // The e-mail outbox worker may poll meanwhile: its statements are not the request's.
    const own = statements.filter(
      (st) => !/^(select|update) .*"mail_outbox"/.test(st.sql) && !/^(begin|commit)$/.test(st.sql),
    );
    expect(own.length).toBeLessThanOrEqual(10);
    const again = await api.get(`/api/prayer-requests/${seedId('request', request!)}`);
    expect(prayed.json<{ request: unknown }>().request).toEqual(again.json());
    expect(again.json<{ isPraying: boolean }>().isPraying).toBe(true);
  });
});
