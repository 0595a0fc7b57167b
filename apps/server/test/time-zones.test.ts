import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE_INVALID, TIME_ZONES } from '@selah/shared/schemas/settings';
import { notifications, users } from '../src/db/schema/index.ts';
import { TIME_ZONE_OFFSET } from '../src/lib/time-zone.ts';
import type { Api } from './api.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { befriend, person, type Person } from './people.ts';
import { setPlan } from './plans.ts';

/**
 * Issue 28 §2 (ADR 054): a stored time zone that is not an accepted zone the database knows
 * reads as UTC on every surface that takes someone's day, in JavaScript and in SQL alike, for
 * the user and for the friends reading their commitment; the API refuses such zones.
 *
 * The clock: 20:00 UTC on Sunday 22 November 2026 is still the 22nd in Los Angeles (12:00) but
 * already the 23rd at +05:30 as Intl reads it; 03:00 UTC on the 29th is still the 28th in Los
 * Angeles and at '+05:30' as PostgreSQL reads it (five and a half hours west).
 */
let t: TestApp;
let clock = new Date('2026-11-22T20:00:00Z');
const at = (iso: string) => {
  clock = new Date(iso);
};

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

/** Stores `timeZone` in the user's settings directly, as a bad value would have been. */
async function storeZone(p: Person, timeZone: string) {
  const [row] = await t.db.db.select().from(users).where(eq(users.id, p.id));
  await t.db.db
    .update(users)
    .set({ settings: { ...row!.settings, timeZone } })
    .where(eq(users.id, p.id));
}

const ok = async (res: ReturnType<Api['get']>, status = 200) => {
  const r = await res;
  expect(r.statusCode, r.body.slice(0, 300)).toBe(status);
  return r.json();
};

const digestsOf = (p: Person) =>
  t.db.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, p.id), eq(notifications.type, 'reminder')));

/** What the surfaces should say of Ann: her zone, her day on the 22nd at 20:00 UTC, and so on. */
interface Expected {
  zone: string;
  today: string;
  /** The last day of a daily7 commitment made then. */
  lastDay: string;
  /** The prayer's date in the PDF. */
  pdfDate: string;
  /** Whether her 19:00 reminder time has come. */
  digests: number;
  /** On the 29th at 03:00 UTC: her commitment still runs (with days left), or it has ended. */
  later: { running: boolean; daysLeft: number | null };
}

/**
 * Ann (stored in `zone`) commits daily for 7 days to her friend Ruth's request on the 22nd, has
 * two daily prayers, prays one and the request, and reads every surface that takes her day;
 * Ruth reads her request while Ann's commitment runs and once it ended in Ann's zone.
 */
async function everySurface(zone: string, expected: Expected) {
  at('2026-11-22T20:00:00Z');
  const ann = await person(t.app, 'Ann');
  const ruth = await person(t.app, 'Ruth');
  await befriend(ann, ruth);
  await setPlan(t.db, ann.id, 'premium');
  await ok(ann.api.put('/api/notifications/reminder', { time: '19:00' }));
  await storeZone(ann, zone);

  const request = (await ok(
    ruth.api.post('/api/prayer-requests', { title: 'New job', isPrivate: false }),
    201,
  )) as { _id: string };
  const committed = await ok(
    ann.api.post(`/api/prayer-requests/${request._id}/pray`, { cadence: 'daily7' }),
  );
  expect(committed.request.commitment, 'the commitment').toMatchObject({
    endsOn: expected.lastDay,
    running: true,
    daysLeft: 7,
  });
  const journal = (await ok(ann.api.post('/api/journals', { title: 'J' }), 201))._id as string;
  const prayer = (await ok(ann.api.post('/api/prayers', { title: 'Daily', journal }), 201))
    ._id as string;
  await ok(ann.api.put(`/api/prayers/${prayer}/rhythm`, { kind: 'daily' }));
  const due = (await ok(ann.api.post('/api/prayers', { title: 'Due', journal }), 201))
    ._id as string;
  await ok(ann.api.put(`/api/prayers/${due}/rhythm`, { kind: 'daily' }));

  // Prayed, on her prayer and on the request: the day they count for.
  const prayed = await ok(ann.api.post(`/api/prayers/${prayer}/prayed`), 201);
  expect(prayed.day, 'Prayed on a prayer').toBe(expected.today);
  const prayedRequest = await ok(ann.api.post(`/api/prayer-requests/${request._id}/prayed`), 201);
  expect(prayedRequest.day, 'Prayed on a request').toBe(expected.today);

  // Her own reads.
  const stats = await ok(ann.api.get('/api/stats'));
  expect(stats.timeZone, 'the dashboard').toBe(expected.zone);
  const rhythm = await ok(ann.api.get('/api/stats/rhythm'));
  expect(rhythm, 'the rhythm view').toMatchObject({
    today: expected.today,
    timeZone: expected.zone,
  });
  expect(rhythm.days.at(-1), 'the rhythm view').toMatchObject({ day: expected.today, count: 2 });
  const summary = await ok(ann.api.get('/api/prayers/user/summary'));
  expect(summary.last7Days.at(-1), 'the summary').toEqual({ date: expected.today, active: true });
  const log = await ok(ann.api.get(`/api/prayers/${prayer}/log`));
  expect(log.today, 'the prayer log').toBe(expected.today);
  const session = await ok(ann.api.get('/api/pray/session?due=1'));
  expect(
    session.items.map((i: { id: string }) => i.id),
    'the pray session',
  ).toEqual([due]);
  const reminder = await ok(ann.api.get('/api/notifications/reminder'));
  expect(reminder.timeZone, 'the reminder').toBe(expected.zone);
  const mine = await ok(ann.api.get(`/api/prayer-requests/${request._id}`));
  expect(mine.commitment, 'her commitment').toMatchObject({ running: true, daysLeft: 7 });

  // Her friend's reads of the request she is committed to.
  const ruths = await ok(ruth.api.get(`/api/prayer-requests/${request._id}`));
  expect(ruths.prayingCount, 'the request').toBe(1);
  const ruthsList = await ok(ruth.api.get('/api/prayer-requests?type=myRequests'));
  expect(ruthsList.data[0], 'the requests').toMatchObject({ _id: request._id, prayingCount: 1 });

  // The digest at her 19:00 reminder time.
  await t.app.services.digestScheduler.tick();
  expect(await digestsOf(ann), 'the digest').toHaveLength(expected.digests);

  // The journal's PDF dates the prayers in her zone: the 22nd.
  const pdf = await t.app.inject({
    method: 'GET',
    url: `/api/journals/${journal}/export.pdf`,
    headers: { authorization: `Bearer ${ann.api.token!}` },
  });
  expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
    mergePages: true,
  });
  expect(text, 'the PDF').toContain(expected.pdfDate);

  // The 29th at 03:00 UTC: in UTC her commitment ended with the 28th; not yet in Los Angeles,
  // nor at '+05:30' as PostgreSQL reads it.
  at('2026-11-29T03:00:00Z');
  const praying = expected.later.running ? 1 : 0;
  const later = await ok(ruth.api.get(`/api/prayer-requests/${request._id}`));
  expect(later.prayingCount, 'the request, later').toBe(praying);
  const ruthsLater = await ok(ruth.api.get('/api/prayer-requests?type=myRequests'));
  expect(ruthsLater.data[0], 'the requests, later').toMatchObject({ prayingCount: praying });
  const annLater = await ok(ann.api.get(`/api/prayer-requests/${request._id}`));
  expect(annLater.commitment, 'her commitment, later').toMatchObject(expected.later);
  await ok(ann.api.get('/api/pray/session'));
  await ok(ann.api.get('/api/stats'));
  await ok(ann.api.get('/api/stats/rhythm'));
}

const AS_UTC: Expected = {
  zone: 'UTC',
  today: '2026-11-22',
  lastDay: '2026-11-28',
  pdfDate: 'Nov 22, 2026',
  digests: 1,
  later: { running: false, daysLeft: null },
};

describe('a stored zone that is not an accepted zone reads as UTC everywhere, for everyone', () => {
  it.for([
    'US/Pacific-New', // Intl knows it (Los Angeles); PostgreSQL does not
    '-0800', // Intl reads it; PostgreSQL refuses it
    '+05:30', // both read it, PostgreSQL with the sign the other way
    'US/Pacific', // another name for America/Los_Angeles
    'Asia/Calcutta', // Intl's own name for Asia/Kolkata, another name for it in the tz database
    'Etc/GMT+5', // a fixed offset (UTC-5), signed the POSIX way
    'Not a zone at all',
  ])('%s', async (zone) => {
    await everySurface(zone, AS_UTC);
  });

  it('while an accepted zone is that zone on every one of them, in SQL too (control)', async () => {
    // 12:00 on the 22nd in Los Angeles, 01:30 on the 23rd in Kolkata: no reminder time yet.
    const later = { running: true, daysLeft: 1 };
    await everySurface('America/Los_Angeles', {
      ...AS_UTC,
      zone: 'America/Los_Angeles',
      digests: 0,
      later,
    });
    await everySurface('Asia/Kolkata', {
      zone: 'Asia/Kolkata',
      today: '2026-11-23',
      lastDay: '2026-11-29',
      pdfDate: 'Nov 23, 2026',
      digests: 0,
      later,
    });
  });
});

describe('PUT /api/users/me/profile refuses zones that are not accepted', () => {
  let me: Person;
  beforeAll(async () => {
    me = await person(t.app, 'Zed');
  });
  const save = (timeZone: unknown) =>
    me.api.put('/api/users/me/profile', {
      firstName: 'Zed',
      lastName: 'Tester',
      username: `zed.${me.id.slice(0, 8)}`,
      bio: '',
      timeZone,
      language: 'en',
    });

  it.for([
    ['-0800', TIME_ZONE_OFFSET],
    ['+05:30', TIME_ZONE_OFFSET],
    ['UTC+5', TIME_ZONE_OFFSET],
    ['Etc/GMT+5', TIME_ZONE_OFFSET],
    [
      'US/Pacific-New',
      'Please choose America/Los_Angeles (US/Pacific-New is another name for it).',
    ],
    ['US/Pacific', 'Please choose America/Los_Angeles (US/Pacific is another name for it).'],
    ['Asia/Calcutta', 'Please choose Asia/Kolkata (Asia/Calcutta is another name for it).'],
    ['Mars/Olympus', TIME_ZONE_INVALID],
    ['', TIME_ZONE_INVALID],
  ] as const)('%s: 400', async ([zone, message]) => {
    const res = await save(zone);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      message,
      code: 'VALIDATION_FAILED',
      details: [{ path: 'body.timeZone', message }],
    });
    const [row] = await t.db.db.select().from(users).where(eq(users.id, me.id));
    expect(row!.settings.timeZone).toBeUndefined();
  });

  it("accepts the spec's six, UTC and any zone by country", async () => {
    for (const zone of [...TIME_ZONES.map((z) => z.value), 'UTC', 'Asia/Kolkata', 'Europe/Kyiv']) {
      const res = await save(zone);
      expect(res.statusCode, `${zone}: ${res.body}`).toBe(200);
      expect((await me.api.get('/api/stats')).json().timeZone).toBe(zone);
    }
  });
});
