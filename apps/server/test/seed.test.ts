import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRAYER_EVENTS_PER_PRAYER,
  seed,
  SEED_PASSWORD,
  seedId,
  SeedLayout,
  type SeedOptions,
} from '../src/db/seed.ts';
import { apiAs } from './api.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { createTestDb } from './test-db.ts';

/** The benchmark's seed shape in miniature: writers, friends, requests, notifications, groups. */
const options: SeedOptions = {
  users: 20,
  writerEvery: 4,
  journalsPerUser: 2,
  prayersPerJournal: 6,
  friendsPerUser: 6,
  requestsPerUser: 2,
  notificationsPerUser: 3,
  groups: 2,
  activity: true,
  plan: 'premium',
};
const layout = new SeedLayout(options);
let t: TestApp;

const rows = async (query: ReturnType<typeof sql>) => {
  const result: unknown = await t.db.db.execute(query);
  const r = result as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
  return Array.isArray(r) ? r : (r.rows ?? []);
};
const count = async (table: string) =>
  Number((await rows(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n);

beforeAll(async () => {
  const db = await createTestDb();
  t = await buildTestApp({ db });
}, 120_000);
afterAll(async () => {
  await t?.app.close();
  await t?.db.close();
  await t?.close();
});

describe('the deterministic seed', () => {
  it('creates what it reports, with ids that seedId predicts', async () => {
    const counts = await seed(t.db.db, options);
    expect(counts).toEqual({
      users: 20,
      journals: 10,
      prayers: 60,
      friendships: 120,
      prayerRequests: 40,
      notifications: 60,
      groups: 2,
    });
    expect(await count('users')).toBe(20);
    expect(await count('journals')).toBe(10);
    expect(await count('prayers')).toBe(60);
    expect(await count('prayer_activity')).toBe(60);
    // Ten Prayed events per prayer, by its author, each on the UTC day it occurred.
    expect(await count('prayer_events')).toBe(60 * PRAYER_EVENTS_PER_PRAYER);
    expect(
      await rows(sql`select count(*)::int as n from prayer_events e join prayers p on p.id = e.prayer_id
        where e.user_id <> p.author_id or e.day <> (e.occurred_at at time zone 'UTC')::date`),
    ).toEqual([{ n: 0 }]);
    expect(await count('friendships')).toBe(120);
    expect(await count('prayer_requests')).toBe(40);
    expect(await count('notifications')).toBe(60);
    expect(await count('prayer_groups')).toBe(2);
    // Writers are users 1, 5, 9, ...: user 5 owns journals 3 and 4.
    expect(layout.writers).toBe(5);
    expect(layout.journalsOf(1)).toEqual([3, 4]);
    const [journal] = await rows(
      sql`select owner_id, prayer_count from journals where id = ${seedId('journal', 3)}`,
    );
    expect(journal).toEqual({ owner_id: seedId('user', 5), prayer_count: 6 });
  });

  it('stores friendships in both directions, f friends each, on a ring', async () => {
    const oneWay = await rows(sql`
      select count(*)::int as n from friendships f
      where not exists (select 1 from friendships r where r.user_id = f.friend_id and r.friend_id = f.user_id)`);
    expect(oneWay[0]!.n).toBe(0);
    const perUser = await rows(
      sql`select min(n)::int as lo, max(n)::int as hi from (select count(*) as n from friendships group by user_id) c`,
    );
    expect(perUser[0]).toEqual({ lo: 6, hi: 6 });
    expect(layout.friend(1, -1)).toBe(20);
    expect(layout.friend(20, 3)).toBe(3);
  });

  it("lets a seeded user sign in and read their journal, friends and friends' requests", async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.201.0.1',
      payload: { email: 'seed5@example.test', password: SEED_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const api = apiAs(t.app, login.json<{ token: string }>().token);

    const detail = (await api.get(`/api/journals/${seedId('journal', 3)}`)).json();
    expect(detail.prayers).toHaveLength(6);
    expect((await api.get('/api/friends')).json().data).toHaveLength(6);
    const created = await api.post('/api/prayers', {
      journal: seedId('journal', 3),
      title: 'A premium user writes past the free limit',
    });
    expect(created.statusCode, created.body).toBe(201);

    const friendIds = new Set(
      [-3, -2, -1, 1, 2, 3].map((d) => seedId('user', layout.friend(5, d))),
    );
    const page = (await api.get('/api/prayer-requests?type=friendRequests&limit=100')).json();
    expect(page.data.length).toBeGreaterThan(0);
    for (const r of page.data) expect(friendIds.has(r.creator._id)).toBe(true);
    // The public requests of friend 5 - 1 = 4 are among them, and 5 may pray for one.
    const [publicOfFour] = layout.publicRequestsOf(4);
    const ids = page.data.map((r: { _id: string }) => r._id);
    expect(ids).toContain(seedId('request', publicOfFour!));
    const pray = await api.post(`/api/prayer-requests/${seedId('request', publicOfFour!)}/pray`);
    expect(pray.statusCode, pray.body).toBe(200);
    expect(pray.json().request.isPraying).toBe(true);

    const notes = (await api.get('/api/notifications')).json();
    expect(notes.data).toHaveLength(3);
  });
});
