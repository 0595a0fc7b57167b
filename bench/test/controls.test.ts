import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { seed, seedId, SeedLayout, type SeedOptions } from '../../apps/server/src/db/seed.ts';
import { recordStatements } from '../lib/capture.ts';
import { buildControlApp, type ControlPlan, controlPath } from '../lib/control.ts';
import { pgliteOf } from '../lib/control-db.ts';
import { BENCH_APP_ORIGIN, type InProcessUser, startInProcessApp } from '../lib/in-process.ts';
import { ONE_STATEMENT } from '../lib/one-statement.ts';
import { profileQueries } from '../lib/queries.ts';
import { type BenchUser, type RequestSpec, SCENARIOS, scenarioNamed } from '../lib/scenarios.ts';

/**
 * The benchmark's controls (ADR 048) against the real app on one seeded PGlite: control (b)'s
 * one statement answers exactly the JSON the app answers, and control (a) replays the app's
 * captured statements for the user who asks, with that request's ids.
 */
const OPTIONS: SeedOptions = {
  users: 120,
  writerEvery: 5,
  journalsPerUser: 1,
  // More than a journal page (50), and more notifications than a page (20): the cursors show.
  prayersPerJournal: 60,
  friendsPerUser: 100,
  requestsPerUser: 2,
  notificationsPerUser: 25,
  groups: 2,
  activity: true,
  plan: 'premium',
};
const layout = new SeedLayout(OPTIONS);
const uid = (n: number) => seedId('user', n);

let handle: DbHandle;
let plan: ControlPlan;
let app: Awaited<ReturnType<typeof startInProcessApp>>;
let control: FastifyInstance;
const signedIn = new Map<number, BenchUser & InProcessUser>();

const query = (text: string, params: unknown[] = []) => handle.pglite!.query(text, params);

beforeAll(async () => {
  handle = await createDb({});
  await runMigrations(handle);
  await seed(handle.db, OPTIONS);
  // What the seed does not have: a free plan in another time zone with a streak (user 6), links
  // to journals one may and may not open, a memory verse, a hidden person praying, a pending
  // friend request.
  await query(
    `update users set plan = 'free', plan_expires_at = null,
       settings = jsonb_set(settings, '{timeZone}', '"America/New_York"') where id = $1`,
    [uid(6)],
  );
  await query(
    `insert into prayer_activity (user_id, kind, occurred_at)
     select $1, 'prayer_written', now() - d * interval '1 day' from generate_series(0, 9) d`,
    [uid(6)],
  );
  await query(
    `insert into notifications (user_id, type, message, link, read, created_at) values
       ($1, 'journal_shared', 'Shared with you', '/journal/' || $2, false, now()),
       ($1, 'journal_shared', 'Shared, then taken back', '/journal/' || $3, false, now())`,
    [uid(6), seedId('journal', 2), seedId('journal', 3)],
  );
  await query(
    `update prayers set memory_verse = '{"verse": "Be still.", "reference": "Psalm 46:10"}'
     where id = $1`,
    [seedId('prayer', 60)],
  );
  await query(
    `update users set settings = jsonb_set(settings, '{privacy,profileVisibility}', '"private"')
     where id in (select user_id from prayer_request_responses limit 3)`,
  );
  await query(
    `insert into friend_requests (requester_id, recipient_id, status) values ($1, $2, 'pending')`,
    [uid(60), uid(7)],
  );
  await query('analyze');

  // The capture as the bench makes it, from premium users (user 6 is at the free plan's limit).
  const picked = [
    { n: 1, writer: 0 },
    { n: 7, writer: null },
    { n: 8, writer: null },
    { n: 16, writer: 3 },
  ];
  ({ plan } = await profileQueries(handle, SCENARIOS, layout, () => picked));
  const secret = randomBytes(32).toString('hex');
  app = await startInProcessApp(handle, secret);
  for (const u of [...picked, { n: 6, writer: 1 }, { n: 11, writer: 2 }, { n: 63, writer: null }])
    signedIn.set(u.n, { ...u, ...(await app.signIn(u.n)) });
  control = buildControlApp({
    plan,
    db: pgliteOf(handle),
    jwtSecret: secret,
    appOrigin: BENCH_APP_ORIGIN,
  });
  await control.ready();
}, 120_000);

afterAll(async () => {
  await control?.close();
  await app?.close();
  await handle?.close();
});

const toControl = (kind: 'a' | 'b', scenario: string, spec: RequestSpec) =>
  control.inject({
    method: spec.method,
    url: controlPath(kind, scenario, spec.path),
    headers: spec.headers,
    ...(spec.body === undefined ? {} : { payload: spec.body }),
  });

describe('control (b): one statement', () => {
  const reads = SCENARIOS.filter((s) => s.kind === 'read');

  it('has a statement for every read scenario', () => {
    expect(reads.map((s) => s.name).filter((name) => !(name in ONE_STATEMENT))).toEqual([]);
  });

  for (const scenario of reads) {
    it(`answers what the app answers: ${scenario.name}`, async () => {
      const users = [...signedIn.values()].filter(
        (u) => scenario.by === 'anyone' || u.writer !== null,
      );
      expect(users.length).toBeGreaterThanOrEqual(3);
      for (const user of users) {
        const spec = scenario.request(user, layout);
        // A read may remember something (a session its size and rotation): the control starts
        // from the state the app started from.
        const before = (await query('select settings from users where id = $1', [user.id]))
          .rows[0] as { settings: unknown };
        const expected = await app.inject(spec);
        expect(expected.statusCode, expected.body).toBe(200);
        await query('update users set settings = $2 where id = $1', [user.id, before.settings]);
        const actual = await toControl('b', scenario.name, spec);
        expect({ user: user.n, status: actual.statusCode }).toEqual({ user: user.n, status: 200 });
        expect(actual.json(), `${scenario.name} for seed${user.n}`).toEqual(expected.json());
        if (scenario.pageParam) {
          const url = `${spec.path}${spec.path.includes('?') ? '&' : '?'}${scenario.pageParam}=3`;
          const small = { ...spec, path: url };
          expect((await toControl('b', scenario.name, small)).json()).toEqual(
            (await app.inject(small)).json(),
          );
        }
      }
    });
  }

  it('answers 404 for a journal the user may not read, and 401 without a session', async () => {
    const user = signedIn.get(7)!;
    const spec = { ...scenarioNamed('journal-public').request(user, layout) };
    spec.path = `/api/journals/${seedId('journal', 3)}`; // private, and user 7 is no member
    expect((await app.inject(spec)).statusCode).toBe(404);
    expect((await toControl('b', 'journal-public', spec)).statusCode).toBe(404);
    expect(
      (await toControl('b', 'stats', { ...spec, path: '/api/stats', headers: {} })).statusCode,
    ).toBe(401);
  });
});

describe('control (a): the app statements, replayed', () => {
  it('replays a read with the requesting user and the ids of their URL', async () => {
    const captured = plan.scenarios.find((s) => s.name === 'journal')!;
    const user = signedIn.get(11)!; // not among the users the capture chose from
    const spec = scenarioNamed('journal').request(user, layout);
    const recorder = recordStatements(handle);
    recorder.start();
    const res = await toControl('a', 'journal', spec);
    const ran = recorder.stop();
    recorder.release();
    expect(res.statusCode).toBe(200);
    expect(ran.map((s) => s.text)).toEqual(captured.steps!.map((s) => s.text));
    const params = ran.flatMap((s) => s.params.flat());
    expect(params).toContain(user.id);
    expect(params).toContain(seedId('journal', layout.journalsOf(2)[0]!));
    for (const other of [1, 16]) expect(params).not.toContain(uid(other));
  });

  it("replays a new prayer in the requesting user's journal, with their title", async () => {
    const user = signedIn.get(11)!;
    const spec = scenarioNamed('create-prayer').request(user, layout);
    const { title, journal } = JSON.parse(spec.body!) as { title: string; journal: string };
    expect((await toControl('a', 'create-prayer', spec)).statusCode).toBe(201);
    const { rows } = await query(`select author_id, journal_id from prayers where title = $1`, [
      title,
    ]);
    expect(rows).toEqual([{ author_id: user.id, journal_id: journal }]);
  });

  it('replays marking a request as prayed for: the response and its notification', async () => {
    const user = signedIn.get(63)!;
    const spec = scenarioNamed('pray').request(user, layout);
    const requestId = /prayer-requests\/([^/]+)\/pray/.exec(spec.path)![1]!;
    await query('delete from prayer_request_responses where request_id = $1 and user_id = $2', [
      requestId,
      user.id,
    ]);
    // The notifications this user sent to the request's creator: one more after the replay.
    const sent = async () =>
      (
        await query(
          `select count(*)::int as n from notifications
           where actor_id = $2 and user_id = (select creator_id from prayer_requests where id = $1)`,
          [requestId, user.id],
        )
      ).rows[0] as { n: number };
    const before = await sent();
    expect((await toControl('a', 'pray', spec)).statusCode).toBe(200);
    const responses = await query(
      'select 1 from prayer_request_responses where request_id = $1 and user_id = $2',
      [requestId, user.id],
    );
    expect(responses.rows).toHaveLength(1);
    expect((await sent()).n).toBe(before.n + 1);
  });
});
