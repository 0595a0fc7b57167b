import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed, SEED_PASSWORD, seedId, type SeedOptions } from '../src/db/seed.ts';
import { apiAs, type Api } from './api.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { registeredRoutes, routeKey } from './security/route-table.ts';
import { createTestDb } from './test-db.ts';

/**
 * Every list and detail read (a GET route of the API) runs at most one SQL statement besides
 * the session lookup (ADR 046): nested data comes back in the same statement (JSON aggregation,
 * lateral joins), never as a statement per row, per part of a page or per access check. The
 * guard at the end fails when a GET route is neither measured here nor set aside with a reason.
 */

/** The signed-in user: user 41 writes journals 21 and 22 (every fourth user writes, two each). */
const ME = 41;
const options: SeedOptions = {
  users: 200,
  writerEvery: 4,
  journalsPerUser: 2,
  prayersPerJournal: 30,
  friendsPerUser: 20,
  requestsPerUser: 4,
  notificationsPerUser: 30,
  groups: 40,
  activity: true,
  plan: 'premium',
};

let t: TestApp;
let statements: string[] = [];
let me: Api;
/** A Free-plan user (the statistics window, ADR 027). */
let free: Api;
const ids: Record<string, string> = {};

const first = async (query: ReturnType<typeof sql>): Promise<string> => {
  const result: unknown = await t.db.db.execute(query);
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  const row = rows[0] as Record<string, string> | undefined;
  if (!row) throw new Error('the seed has no such row');
  return Object.values(row)[0]!;
};

async function signIn(n: number): Promise<Api> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: `10.203.0.${n}`,
    payload: { email: `seed${n}@example.test`, password: SEED_PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  const api = apiAs(t.app, login.json<{ token: string }>().token);
  await api.get('/api/auth/me'); // records activity (once a minute): not counted below
  return api;
}

beforeAll(async () => {
  const db = await createTestDb({ onQuery: (query) => statements.push(query) });
  await seed(db.db, options);
  const meId = seedId('user', ME);
  await db.db.execute(sql`update users set role = 'admin' where id = ${meId}`);
  await db.db.execute(
    sql`update users set plan = 'free', plan_expires_at = null where id = ${seedId('user', 42)}`,
  );
  await db.db.execute(sql`analyze`);
  t = await buildTestApp({ db });
  me = await signIn(ME);
  free = await signIn(42);

  // A few records of each kind, in each relation to the viewer.
  ids.ownJournal = seedId('journal', 21);
  ids.ownPublicJournal = seedId('journal', 22);
  ids.othersJournal = await first(sql`select j.id from journals j
    where j.owner_id <> ${meId} and not j.is_private
      and exists (select 1 from journal_members m where m.journal_id = j.id and m.user_id = ${meId})
    order by j.id limit 1`);
  ids.strangersJournal = await first(sql`select j.id from journals j
    where j.owner_id <> ${meId} and not j.is_private
      and not exists (select 1 from journal_members m where m.journal_id = j.id and m.user_id = ${meId})
    order by j.id limit 1`);
  ids.ownPrayer = await first(
    sql`select id from prayers where journal_id = ${ids.ownJournal} and not is_private order by id limit 1`,
  );
  ids.othersPrayer = await first(
    sql`select id from prayers where journal_id = ${ids.othersJournal} and not is_private order by id limit 1`,
  );
  ids.ownRequest = await first(
    sql`select id from prayer_requests where creator_id = ${meId} order by id limit 1`,
  );
  ids.friendsRequest = await first(sql`select r.id from prayer_requests r
    join friendships f on f.friend_id = r.creator_id and f.user_id = ${meId}
    where not r.is_private order by r.id limit 1`);
  ids.adminGroup = await first(sql`select group_id from prayer_group_members
    where user_id = ${meId} and role = 'admin' order by group_id limit 1`);
  ids.memberGroup = await first(sql`select m.group_id from prayer_group_members m
    where m.user_id = ${meId} and m.role = 'member' order by m.group_id limit 1`);
  ids.publicGroup = await first(sql`select g.id from prayer_groups g
    join journals j on j.id = g.journal_id and not j.is_private
    where g.is_public and not exists (select 1 from prayer_group_members m where m.group_id = g.id and m.user_id = ${meId})
    order by g.id limit 1`);
  ids.notification = await first(
    sql`select id from notifications where user_id = ${meId} order by id limit 1`,
  );
  // Notifications whose links lead to records (checked in the list's statement), and memory
  // verses (the daily verse picks one of them).
  await t.db.db.execute(sql`insert into notifications (user_id, type, message, link)
    values (${meId}, 'journal_shared', 'a journal', ${`/journal/${ids.strangersJournal}`}),
           (${meId}, 'prayer_shared', 'a prayer', ${`/prayer/${ids.othersPrayer}`}),
           (${meId}, 'group_invite', 'a group', ${`/prayer-groups/${ids.publicGroup}`}),
           (${meId}, 'journal_shared', 'gone', ${`/journal/${seedId('journal', 999_999)}`})`);
  await t.db.db.execute(sql`update prayers set memory_verse = '{"verse":"v","reference":"r"}'::jsonb
    where author_id = ${meId} and id in (select id from prayers where author_id = ${meId} order by id limit 3)`);
  // Rhythms, so prayers are due (and the due marks are read with them).
  await t.db.db.execute(sql`update prayers set rhythm_kind = 'daily'
    where author_id = ${meId} and id in (select id from prayers where author_id = ${meId} order by id desc limit 5)`);
  // Shares, so the share lists are not empty.
  const friend = seedId('user', ME + 1);
  expect(
    (await me.post(`/api/prayers/${ids.ownPrayer}/share`, { userIds: [friend] })).statusCode,
  ).toBe(200);
  expect(
    (await me.post(`/api/journals/${ids.ownJournal}/share`, { userIds: [friend] })).statusCode,
  ).toBe(200);
  // Updates on the requests, and the viewer's commitment to a friend's, so those parts are read.
  await t.db.db.execute(sql`insert into prayer_request_updates (request_id, text)
    select id, 'an update' from prayer_requests
    where id in (${ids.ownRequest}::uuid, ${ids.friendsRequest}::uuid)`);
  expect(
    (await me.post(`/api/prayer-requests/${ids.friendsRequest}/pray`, { cadence: 'daily7' }))
      .statusCode,
  ).toBe(200);
  // Prayed events and a note, so the log and the rhythm view have something to read.
  for (const id of [ids.ownPrayer, ids.othersPrayer])
    expect((await me.post(`/api/prayers/${id}/prayed`)).statusCode).toBe(201);
  expect(
    (await me.post(`/api/prayers/${ids.ownPrayer}/notes`, { text: 'A note' })).statusCode,
  ).toBe(201);
  // The shares queued e-mails: the outbox worker sends them now, not while reads are counted.
  await t.app.services.mailWorker.stop();
}, 300_000);

afterAll(async () => {
  await t?.app.close();
  await t?.db.close();
  await t?.close();
});

/**
 * The statements one GET ran besides the session lookup. Not the read's: the user's activity,
 * written once a minute without being waited for.
 */
async function statementsOf(api: Api, url: string, status = 200) {
  statements = [];
  const res = await api.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
  const ran = statements.filter((s) => !/^update "users" set "last_active_at"/.test(s));
  statements = [];
  if (/from "sessions"/.test(ran[0] ?? '')) return ran.slice(1);
  return ran;
}

/** Besides the session lookup, at most one statement. */
async function expectOneStatement(api: Api, url: string, status = 200): Promise<void> {
  const ran = await statementsOf(api, url, status);
  expect(ran.length, `${url} ran:\n${ran.join('\n---\n')}`).toBeLessThanOrEqual(1);
}

/**
 * What each GET route of the API is read with here (a path pattern as Fastify registered it,
 * then the URLs that exercise it), or why it is not a list or detail read.
 */
const READS: Record<string, (() => [Api, string, number?][]) | string> = {
  'GET /api/auth/me': () => [[me, '/api/auth/me']],
  'GET /api/journals/get': () => [[me, '/api/journals/get']],
  'GET /api/journals/public': () =>
    ['popular', 'new', 'trending'].flatMap((tab) => [
      [me, `/api/journals/public?tab=${tab}`],
      [me, `/api/journals/public?tab=${tab}&limit=50&search=journal&category=Health`],
    ]),
  'GET /api/journals/discover': () => [[me, '/api/journals/discover']],
  'GET /api/journals/:id': () => [
    [me, `/api/journals/${ids.ownJournal}`],
    [me, `/api/journals/${ids.ownPublicJournal}`],
    [me, `/api/journals/${ids.othersJournal}`],
    [me, `/api/journals/${ids.strangersJournal}`],
    [me, `/api/journals/${seedId('journal', 999_999)}`, 404],
  ],
  'GET /api/journals/:id/shares': () => [
    [me, `/api/journals/${ids.ownJournal}/shares`],
    [me, `/api/journals/${ids.othersJournal}/shares`, 404],
  ],
  'GET /api/prayers': () => [
    [me, `/api/prayers?journal=${ids.ownJournal}`],
    [me, `/api/prayers?journal=${ids.ownJournal}&limit=5&status=answered`],
    [me, `/api/prayers?journal=${ids.ownJournal}&limit=5&due=true`],
    [me, `/api/prayers?journal=${ids.othersJournal}&limit=100`],
    [me, `/api/prayers?journal=${seedId('journal', 999_999)}`, 404],
  ],
  'GET /api/prayers/user': () => [
    [me, '/api/prayers/user?limit=100'],
    [me, '/api/prayers/user?limit=5&status=active&search=prayer'],
    [me, '/api/prayers/user?limit=5&due=true'],
  ],
  'GET /api/prayers/user/summary': () => [
    [me, '/api/prayers/user/summary'],
    [free, '/api/prayers/user/summary'],
  ],
  'GET /api/prayers/:id': () => [
    [me, `/api/prayers/${ids.ownPrayer}`],
    [me, `/api/prayers/${ids.othersPrayer}`],
    [me, `/api/prayers/${seedId('prayer', 999_999)}`, 404],
  ],
  'GET /api/prayers/:id/shares': () => [
    [me, `/api/prayers/${ids.ownPrayer}/shares`],
    [me, `/api/prayers/${ids.othersPrayer}/shares`, 404],
  ],
  'GET /api/prayers/private': () => [
    [me, `/api/prayers/private?journal=${ids.ownJournal}`],
    [me, `/api/prayers/private?journal=${ids.othersJournal}`, 404],
  ],
  'GET /api/prayers/:id/log': () => [
    [me, `/api/prayers/${ids.ownPrayer}/log`],
    [me, `/api/prayers/${ids.othersPrayer}/log?limit=2`],
    [me, `/api/prayers/${seedId('prayer', 999_999)}/log`, 404],
  ],
  'GET /api/stats/rhythm': () => [
    [me, '/api/stats/rhythm'],
    [free, '/api/stats/rhythm?weeks=52'],
  ],
  'GET /api/stats': () => [
    [me, '/api/stats'],
    [free, '/api/stats'],
  ],
  'GET /api/stats/daily': () => [
    [me, '/api/stats/daily'],
    [free, '/api/stats/daily'],
  ],
  'GET /api/pray/session': () => [
    [me, '/api/pray/session'],
    [me, '/api/pray/session?size=20'],
    [me, '/api/pray/session?size=3&due=1'],
    [free, '/api/pray/session'],
  ],
  'GET /api/friends': () => [[me, '/api/friends']],
  'GET /api/friends/requests': () => [
    [me, '/api/friends/requests?direction=incoming'],
    [me, '/api/friends/requests?direction=outgoing'],
  ],
  'GET /api/friends/suggestions': () => [[me, '/api/friends/suggestions']],
  'GET /api/friends/invite-link': () => [[me, '/api/friends/invite-link']],
  'GET /api/search/search': () => [
    [me, '/api/search/search?q=seed'],
    [me, `/api/search/search?q=seed${ME + 1}`],
  ],
  'GET /api/prayer-requests': () => [
    [me, '/api/prayer-requests?type=myRequests'],
    [me, '/api/prayer-requests?type=friendRequests&limit=100'],
    [me, '/api/prayer-requests?type=friendRequests&limit=2&category=Health&searchQuery=request'],
  ],
  'GET /api/prayer-requests/:id': () => [
    [me, `/api/prayer-requests/${ids.ownRequest}`],
    [me, `/api/prayer-requests/${ids.friendsRequest}`],
    [me, `/api/prayer-requests/${seedId('request', 999_999)}`, 404],
  ],
  'GET /api/prayer-requests/:id/updates': () => [
    [me, `/api/prayer-requests/${ids.ownRequest}/updates`],
    [me, `/api/prayer-requests/${ids.friendsRequest}/updates?limit=2`],
    [me, `/api/prayer-requests/${seedId('request', 999_999)}/updates`, 404],
  ],
  'GET /api/prayer-groups': () => [
    [me, '/api/prayer-groups?scope=all'],
    [me, '/api/prayer-groups?scope=mine&search=group'],
    [me, '/api/prayer-groups?scope=suggested&limit=2'],
  ],
  'GET /api/prayer-groups/:id': () => [
    [me, `/api/prayer-groups/${ids.adminGroup}`],
    [me, `/api/prayer-groups/${ids.memberGroup}`],
    [me, `/api/prayer-groups/${ids.publicGroup}`],
    [me, `/api/prayer-groups/${seedId('group', 999_999)}`, 404],
  ],
  'GET /api/prayer-groups/:id/prayers': () => [
    [me, `/api/prayer-groups/${ids.adminGroup}/prayers`],
    [me, `/api/prayer-groups/${ids.publicGroup}/prayers?limit=5`],
  ],
  'GET /api/notifications': () => [
    [me, '/api/notifications'],
    [me, '/api/notifications?limit=100&unread=true'],
  ],
  'GET /api/notifications/:id': () => [
    [me, `/api/notifications/${ids.notification}`],
    [me, `/api/notifications/${seedId('notification', 999_999)}`, 404],
  ],
  'GET /api/notifications/preferences': () => [[me, '/api/notifications/preferences']],
  'GET /api/notifications/reminder': () => [[me, '/api/notifications/reminder']],
  'GET /api/subscription': () => [[me, '/api/subscription']],
  'GET /api/subscription/pricing': () => [[me, '/api/subscription/pricing']],
  'GET /api/admin/payments': () => [
    [me, '/api/admin/payments'],
    [me, '/api/admin/payments?status=successful&limit=5'],
  ],
  'GET /api/users/me/settings': () => [[me, '/api/users/me/settings']],
  'GET /api/push/public-key': () => [[me, '/api/push/public-key']],
  'GET /api/notifications/stream':
    'a notification stream (server-sent events), not a read: notifications.stream.test.ts',
  'GET /api/journals/:id/export.pdf':
    'an export (a whole journal as a PDF, limited per user): journal-export.routes.test.ts',
  'GET /api/users/me/export': 'an export of the whole account: account.routes.test.ts',
  'GET /api/avatars/:key': 'measured below with a photo of its own',
  'GET /api/health': 'no session; one `select 1` (health.routes.test.ts)',
  'GET /api/auth/providers': 'no session and no statement: which sign-in providers are on',
  'GET /api/auth/google': "a redirect to Google's sign-in (google.routes.test.ts)",
  'GET /api/auth/google/callback': "Google's redirect back, a sign-in (google.routes.test.ts)",
};

describe('every list and detail read runs one statement besides the session lookup', () => {
  it.each(Object.entries(READS).filter(([, how]) => typeof how === 'function'))(
    '%s',
    async (_route, how) => {
      for (const [api, url, status] of (how as () => [Api, string, number?][])())
        await expectOneStatement(api, url, status ?? 200);
    },
  );

  it('GET /api/avatars/:key', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const up = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/avatar',
      headers: { authorization: `Bearer ${me.token}`, 'content-type': 'image/png' },
      payload: png,
    });
    expect(up.statusCode, up.body).toBe(200);
    const photo = String(up.json<{ profilePicture?: string }>().profilePicture ?? '');
    const key = photo.split('/').at(-1)!;
    expect(key).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    await expectOneStatement(me, `/api/avatars/${key}`);
    await expectOneStatement(free, `/api/avatars/${key}`);
  });

  it('the same number of statements whatever the page size', async () => {
    for (const [url, param] of [
      [`/api/prayers?journal=${ids.ownJournal}`, 'limit'],
      ['/api/prayers/user', 'limit'],
      ['/api/journals/public?tab=new', 'limit'],
      ['/api/prayer-requests?type=friendRequests', 'limit'],
      [`/api/prayer-requests/${ids.ownRequest}/updates`, 'limit'],
      ['/api/notifications', 'limit'],
      ['/api/prayer-groups', 'limit'],
    ] as const) {
      const sep = url.includes('?') ? '&' : '?';
      const small = await statementsOf(me, `${url}${sep}${param}=2`);
      const large = await statementsOf(me, `${url}${sep}${param}=50`);
      expect(large.length, url).toBe(small.length);
    }
  });

  it('a session: the same number of statements whatever its size and the number of prayers', async () => {
    const small = await statementsOf(me, '/api/pray/session?size=1');
    const large = await statementsOf(me, '/api/pray/session?size=20');
    expect(large.length).toBe(small.length);
    expect(large.length).toBe(1);
  });

  it('covers every GET route of the API (or says why not)', () => {
    const gets = registeredRoutes(t.app)
      .filter(
        (r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'),
      )
      .map(routeKey);
    expect(gets.filter((key) => !(key in READS))).toEqual([]);
    expect(Object.keys(READS).filter((key) => !gets.includes(key))).toEqual([]);
  });
});
