import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prayerEvents, prayerNotes, users } from '../../db/schema/index.ts';
import { addDays } from '../../lib/time-zone.ts';
import { fairStreak } from './streak.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { apiAs } from '../../../test/api.ts';
import { befriend, person, type Person } from '../../../test/people.ts';
import { setPlan } from '../../../test/plans.ts';
import { LATE_ENTRY_MESSAGE, REPEAT_PRAYED_MS } from './practice.service.ts';

let t: TestApp;
let clock = new Date('2026-11-22T12:00:00Z');
let author: Person;
let reader: Person;
let friend: Person;
let stranger: Person;
/** In the author's public journal: public, private; in their private journal: public (shared). */
let open: string;
let secret: string;
let shared: string;

async function inZone(p: Person, timeZone: string) {
  const [row] = await t.db.db.select().from(users).where(eq(users.id, p.id));
  await t.db.db
    .update(users)
    .set({ settings: { ...row!.settings, timeZone } })
    .where(eq(users.id, p.id));
}

async function prayerOf(p: Person, body: Record<string, unknown> = {}) {
  const journal = (await p.api.post('/api/journals', { title: 'Mine' })).json()._id as string;
  const res = await p.api.post('/api/prayers', { title: 'A prayer', journal, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string }>()._id;
}

/** Records a Prayed by `p` on `prayerId` at each instant (the server's clock), in order. */
async function prayedAt(p: Person, prayerId: string, ...instants: string[]) {
  const saved = clock;
  for (const instant of instants) {
    clock = new Date(instant);
    const res = await p.api.post(`/api/prayers/${prayerId}/prayed`);
    expect(res.statusCode, res.body).toBe(201);
  }
  clock = saved;
}

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  [author, reader, friend, stranger] = await Promise.all([
    person(t.app, 'Hannah'),
    person(t.app, 'Eli'),
    person(t.app, 'Samuel'),
    person(t.app, 'Saul'),
  ]);
  const publicJournal = (
    await author.api.post('/api/journals', { title: 'Open', isPrivate: false })
  ).json()._id as string;
  const privateJournal = (await author.api.post('/api/journals', { title: 'Closed' })).json()
    ._id as string;
  await reader.api.post(`/api/journals/${publicJournal}/join`);
  const add = async (journal: string, title: string, isPrivate: boolean) =>
    (await author.api.post('/api/prayers', { title, journal, isPrivate })).json()._id as string;
  open = await add(publicJournal, 'For a son', false);
  secret = await add(publicJournal, 'Only mine', true);
  shared = await add(privateJournal, 'Shared one', false);
  await befriend(author, friend);
  expect(
    (await author.api.post(`/api/prayers/${shared}/share`, { userIds: [friend.id] })).statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/prayers/:id/prayed', () => {
  it('records a Prayed for today on the author’s own prayer: 201 with the event', async () => {
    clock = new Date('2026-11-22T12:00:00Z');
    const res = await author.api.post(`/api/prayers/${secret}/prayed`);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      kind: 'prayer',
      targetId: secret,
      day: '2026-11-22',
      late: false,
      occurredAt: '2026-11-22T12:00:00.000Z',
    });
    const [row] = await t.db.db
      .select()
      .from(prayerEvents)
      .where(eq(prayerEvents.id, res.json().id));
    expect(row).toMatchObject({ userId: author.id, prayerId: secret, source: 'card' });
  });

  it('accepts no body at all (the card’s button) and records its source', async () => {
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/prayers/${open}/prayed`,
      headers: { authorization: `Bearer ${author.api.token}` },
    });
    expect(bare.statusCode, bare.body).toBe(201);
    clock = new Date(clock.getTime() + REPEAT_PRAYED_MS);
    const fromSession = await author.api.post(`/api/prayers/${open}/prayed`, {
      source: 'session',
    });
    expect(fromSession.statusCode).toBe(201);
    const [row] = await t.db.db
      .select()
      .from(prayerEvents)
      .where(eq(prayerEvents.id, fromSession.json().id));
    expect(row!.source).toBe('session');
  });

  it('lets whoever may read the prayer pray it: a journal reader, a friend it was shared with', async () => {
    expect((await reader.api.post(`/api/prayers/${open}/prayed`)).statusCode).toBe(201);
    expect((await stranger.api.post(`/api/prayers/${open}/prayed`)).statusCode).toBe(201); // public journal
    expect((await friend.api.post(`/api/prayers/${shared}/prayed`)).statusCode).toBe(201);
  });

  it('hides prayers the user may not read (404) and writes nothing', async () => {
    const before = await t.db.db.$count(prayerEvents);
    for (const [p, id] of [
      [reader, secret],
      [stranger, secret],
      [stranger, shared],
      [reader, shared],
      [author, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await p.api.post(`/api/prayers/${id}/prayed`);
      expect(res.statusCode, `${p.email} ${id}`).toBe(404);
      expect(res.json().message).toBe('Prayer not found.');
    }
    expect((await apiAs(t.app, null).post(`/api/prayers/${open}/prayed`)).statusCode).toBe(401);
    expect((await author.api.post('/api/prayers/nope/prayed')).statusCode).toBe(400);
    expect(await t.db.db.$count(prayerEvents)).toBe(before);
  });

  it('fills in a missed day up to 7 days back in the user’s time zone, marked late', async () => {
    clock = new Date('2026-11-22T03:00:00Z'); // the 21st in New York
    const p = await person(t.app);
    await inZone(p, 'America/New_York');
    const id = await prayerOf(p);
    const late = await p.api.post(`/api/prayers/${id}/prayed`, { day: '2026-11-14' });
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json()).toMatchObject({ day: '2026-11-14', late: true });
    const today = await p.api.post(`/api/prayers/${id}/prayed`, { day: '2026-11-21' });
    expect(today.json()).toMatchObject({ day: '2026-11-21', late: false });
    const before = await t.db.db.$count(prayerEvents);
    for (const day of ['2026-11-13', '2026-11-22', '2027-01-01']) {
      const res = await p.api.post(`/api/prayers/${id}/prayed`, { day });
      expect(res.statusCode, day).toBe(400);
      expect(res.json().message).toBe(LATE_ENTRY_MESSAGE);
    }
    expect(LATE_ENTRY_MESSAGE).toBe('A prayer can be recorded for today or up to 7 days back.');
    expect(await t.db.db.$count(prayerEvents)).toBe(before);
  });

  it.each([
    [{ day: '22/11/2026' }, 'Dates are written YYYY-MM-DD.'],
    [{ day: 20261122 }, 'Dates are written YYYY-MM-DD.'],
    [{ day: '+275760-09-13' }, 'Dates are written YYYY-MM-DD.'],
    // Impossible dates (issue 28 §3: 2026-13-01 was a RangeError, a 500).
    [{ day: '2026-02-30' }, 'That date does not exist.'],
    [{ day: '2026-13-01' }, 'That date does not exist.'],
    [{ day: '2026-00-10' }, 'That date does not exist.'],
    [{ day: '2026-11-00' }, 'That date does not exist.'],
    [{ day: '2026-11-31' }, 'That date does not exist.'],
    [{ day: '2100-02-29' }, 'That date does not exist.'],
    // Year 0000 is no year for PostgreSQL.
    [{ day: '0000-01-01' }, 'Dates go from 1900-01-01 to 9999-12-31.'],
    [{ day: '1899-12-31' }, 'Dates go from 1900-01-01 to 9999-12-31.'],
    [{ source: 'fax' }, "The source must be 'card', 'session' or 'push'."],
    [{ times: 3 }, 'Unrecognized key: "times"'],
  ])('rejects %j with a clear 400', async (body, message) => {
    const res = await author.api.post(`/api/prayers/${open}/prayed`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

// Sent at once (on PostgreSQL's pool): test/concurrent-writes.test.ts.
describe('the same Prayed twice (issue 29 §5: a double tap)', () => {
  const eventsOf = (p: Person, target: { prayerId: string } | { requestId: string }) =>
    t.db.db.$count(
      prayerEvents,
      and(
        eq(prayerEvents.userId, p.id),
        'prayerId' in target
          ? eq(prayerEvents.prayerId, target.prayerId)
          : eq(prayerEvents.requestId, target.requestId),
      ),
    );
  const requestOf = async (p: Person) => {
    const res = await p.api.post('/api/prayer-requests', { title: 'New job', isPrivate: false });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ _id: string }>()._id;
  };

  it('one after the other within a minute: recorded once, both answered with that one', async () => {
    clock = new Date('2026-11-23T09:00:00.000Z');
    const p = await person(t.app);
    const id = await prayerOf(p);
    const first = await p.api.post(`/api/prayers/${id}/prayed`);
    clock = new Date('2026-11-23T09:00:00.017Z');
    const second = await p.api.post(`/api/prayers/${id}/prayed`, { source: 'session' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await eventsOf(p, { prayerId: id })).toBe(1);
    const log = (await p.api.get(`/api/prayers/${id}/log`)).json();
    expect(log.summary.prayedCount).toBe(1);
  });

  it('a minute later, another day, another item or another person: each counts', async () => {
    clock = new Date('2026-11-23T11:00:00.000Z');
    const p = await person(t.app);
    const other = await person(t.app);
    const request = await requestOf(p);
    await befriend(p, other);
    const [a, b] = [await prayerOf(p), await prayerOf(p)];
    expect((await p.api.post(`/api/prayers/${a}/prayed`)).statusCode).toBe(201);
    expect((await p.api.post(`/api/prayers/${b}/prayed`)).statusCode).toBe(201);
    expect((await p.api.post(`/api/prayers/${a}/prayed`, { day: '2026-11-22' })).statusCode).toBe(
      201,
    );
    expect((await p.api.post(`/api/prayer-requests/${request}/prayed`)).statusCode).toBe(201);
    expect((await other.api.post(`/api/prayer-requests/${request}/prayed`)).statusCode).toBe(201);
    clock = new Date(clock.getTime() + REPEAT_PRAYED_MS);
    expect((await p.api.post(`/api/prayers/${a}/prayed`)).statusCode).toBe(201);
    expect((await p.api.post(`/api/prayer-requests/${request}/prayed`)).statusCode).toBe(201);
    expect(await eventsOf(p, { prayerId: a })).toBe(3);
    expect(await eventsOf(p, { prayerId: b })).toBe(1);
    expect(await eventsOf(p, { requestId: request })).toBe(2);
    expect(await eventsOf(other, { requestId: request })).toBe(1);
  });
});

describe('POST /api/prayers/:id/notes', () => {
  it('adds a trimmed, dated note to the author’s prayer', async () => {
    clock = new Date('2026-11-22T12:30:00Z');
    const res = await author.api.post(`/api/prayers/${open}/notes`, {
      text: '  He called today.  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      prayerId: open,
      text: 'He called today.',
      createdAt: '2026-11-22T12:30:00.000Z',
    });
  });

  it('is the author’s only: readers and strangers get 404, nothing is written', async () => {
    const before = await t.db.db.$count(prayerNotes);
    for (const [p, id] of [
      [reader, open],
      [stranger, open],
      [friend, shared],
      [reader, secret],
    ] as const) {
      expect((await p.api.post(`/api/prayers/${id}/notes`, { text: 'Mine?' })).statusCode).toBe(
        404,
      );
    }
    expect(
      (await apiAs(t.app, null).post(`/api/prayers/${open}/notes`, { text: 'x' })).statusCode,
    ).toBe(401);
    expect(await t.db.db.$count(prayerNotes)).toBe(before);
  });

  it.each([
    [{ text: '' }, 'Please write your note.'],
    [{ text: ' \n ' }, 'Please write your note.'],
    [{}, 'Please write your note.'],
    [{ text: 'x'.repeat(2001) }, 'A note must be 2000 characters or less.'],
    [{ text: 'ok', pinned: true }, 'Unrecognized key: "pinned"'],
  ])('rejects %j with a clear 400 and writes nothing', async (body, message) => {
    const before = await t.db.db.$count(prayerNotes);
    const res = await author.api.post(`/api/prayers/${open}/notes`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.db.db.$count(prayerNotes)).toBe(before);
  });

  it('accepts exactly 2000 characters', async () => {
    const p = await person(t.app);
    const id = await prayerOf(p);
    const res = await p.api.post(`/api/prayers/${id}/notes`, { text: 'y'.repeat(2000) });
    expect(res.statusCode).toBe(201);
  });
});

describe('GET /api/prayers/:id/log', () => {
  it('is the timeline newest first: created, the viewer’s own Prayed, notes, answered, testimony', async () => {
    const p = await person(t.app);
    const other = await person(t.app);
    clock = new Date('2026-11-10T09:00:00Z');
    const journal = (await p.api.post('/api/journals', { title: 'Log', isPrivate: false })).json()
      ._id as string;
    const id = (
      await p.api.post('/api/prayers', { title: 'Work', journal, isPrivate: false })
    ).json()._id as string;
    await prayedAt(p, id, '2026-11-11T09:00:00Z', '2026-11-12T09:00:00Z');
    await prayedAt(other, id, '2026-11-12T10:00:00Z');
    clock = new Date('2026-11-13T09:00:00Z');
    await p.api.post(`/api/prayers/${id}/notes`, { text: 'An interview is booked' });
    clock = new Date('2026-11-14T09:00:00Z');
    await p.api.post(`/api/prayers/${id}/prayed`, { day: '2026-11-13' }); // late
    clock = new Date('2026-11-15T09:00:00Z');
    await p.api.put(`/api/prayers/${id}/status`, { isAnswered: true });
    clock = new Date('2026-11-15T09:05:00Z');
    await p.api.post(`/api/prayers/${id}/testimony`, { testimony: 'Got the job' });

    const log = (await p.api.get(`/api/prayers/${id}/log`)).json();
    expect(log.data.map((i: { kind: string; at: string }) => [i.kind, i.at])).toEqual([
      ['testimony', '2026-11-15T09:05:00.000Z'],
      ['answered', '2026-11-15T09:00:00.000Z'],
      ['prayed', '2026-11-14T09:00:00.000Z'],
      ['note', '2026-11-13T09:00:00.000Z'],
      ['prayed', '2026-11-12T09:00:00.000Z'],
      ['prayed', '2026-11-11T09:00:00.000Z'],
      ['created', '2026-11-10T09:00:00.000Z'],
    ]);
    expect(log.data[0].text).toBe('Got the job');
    expect(log.data[2]).toMatchObject({ day: '2026-11-13', late: true });
    expect(log.data[3].text).toBe('An interview is booked');
    expect(log.summary).toEqual({
      prayedCount: 3,
      lastPrayedAt: '2026-11-14T09:00:00.000Z',
      lastPrayedDay: '2026-11-13',
    });
    expect(log.today).toBe('2026-11-15');
    expect(log.nextCursor).toBeNull();

    // Another reader: their own Prayed only, and no notes (they are the author's).
    const theirs = (await other.api.get(`/api/prayers/${id}/log`)).json();
    expect(theirs.data.map((i: { kind: string }) => i.kind)).toEqual([
      'testimony',
      'answered',
      'prayed',
      'created',
    ]);
    expect(theirs.summary).toMatchObject({ prayedCount: 1, lastPrayedDay: '2026-11-12' });

    // Pages of 3 walk the same timeline without gaps or repeats.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await p.api.get(
        `/api/prayers/${id}/log?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      const page = res.json<{ data: { kind: string; id: string }[]; nextCursor: string | null }>();
      seen.push(...page.data.map((i) => `${i.kind}:${i.id}`));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(log.data.map((i: { kind: string; id: string }) => `${i.kind}:${i.id}`));
  });

  it('a prayer nobody prayed: created only, a zero summary', async () => {
    const p = await person(t.app);
    const id = await prayerOf(p);
    const log = (await p.api.get(`/api/prayers/${id}/log`)).json();
    expect(log.data.map((i: { kind: string }) => i.kind)).toEqual(['created']);
    expect(log.summary).toEqual({ prayedCount: 0, lastPrayedAt: null, lastPrayedDay: null });
  });

  it('404 for whoever may not read the prayer; 400 for a bad cursor or limit', async () => {
    expect((await reader.api.get(`/api/prayers/${secret}/log`)).statusCode).toBe(404);
    expect((await stranger.api.get(`/api/prayers/${shared}/log`)).statusCode).toBe(404);
    expect((await friend.api.get(`/api/prayers/${shared}/log`)).statusCode).toBe(200);
    expect(
      (await author.api.get('/api/prayers/00000000-0000-4000-8000-000000000000/log')).statusCode,
    ).toBe(404);
    const bad = await author.api.get(`/api/prayers/${open}/log?cursor=garbage`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid page cursor.');
    expect((await author.api.get(`/api/prayers/${open}/log?limit=0`)).statusCode).toBe(400);
    expect((await apiAs(t.app, null).get(`/api/prayers/${open}/log`)).statusCode).toBe(401);
  });
});

describe('fairStreak', () => {
  const T = '2026-11-22';
  const back = (...n: number[]) => n.map((d) => addDays(T, -d));
  const range = (from: number, to: number, except: number[] = []) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i).filter((d) => !except.includes(d));
  it.each([
    ['nothing', [], 0, []],
    ['today', back(0), 1, []],
    ['yesterday, today still open', back(1), 1, []],
    ['the day before yesterday: yesterday rests', back(2), 1, back(1)],
    ['three days ago: two misses in a row', back(3), 0, []],
    ['today and two before, one rest', back(0, 2, 3), 3, back(1)],
    ['two misses within 7 days break it', back(0, 2, 4, 5), 2, back(1)],
    ['misses 7 days apart both rest', back(...range(0, 15, [3, 10])), 14, back(3, 10)],
    ['misses 6 days apart: the older breaks', back(...range(0, 15, [3, 9])), 8, back(3)],
    ['across a month', ['2026-03-01', '2026-02-27', '2026-02-26'], 3, ['2026-02-28']],
  ])('%s', (_name, days, streak, rest) => {
    const today = days[0]?.startsWith('2026-0') ? '2026-03-01' : T;
    expect(fairStreak(days, today)).toEqual({ streak, rest });
  });
});

describe('GET /api/stats/rhythm and the dashboard streak', () => {
  it('one entry per day from the Monday 11 weeks back, counts, late days and rest days', async () => {
    clock = new Date('2026-11-22T12:00:00Z'); // Sunday
    const p = await person(t.app);
    await setPlan(t.db, p.id, 'premium');
    const id = await prayerOf(p);
    await prayedAt(p, id, '2026-11-20T08:00:00Z', '2026-11-20T18:00:00Z', '2026-11-22T08:00:00Z');
    await p.api.post(`/api/prayers/${id}/prayed`, { day: '2026-11-18' }); // filled in later
    const rhythm = (await p.api.get('/api/stats/rhythm')).json();
    expect(rhythm.days).toHaveLength(12 * 7);
    expect(rhythm.days[0].day).toBe('2026-08-31'); // a Monday
    expect(rhythm.days.at(-1).day).toBe('2026-11-22');
    const byDay = Object.fromEntries(rhythm.days.map((d: { day: string }) => [d.day, d])) as Record<
      string,
      unknown
    >;
    expect(byDay['2026-11-22']).toEqual({ day: '2026-11-22', count: 1, late: false, rest: false });
    expect(byDay['2026-11-21']).toEqual({ day: '2026-11-21', count: 0, late: false, rest: true });
    expect(byDay['2026-11-20']).toMatchObject({ count: 2, late: false, rest: false });
    expect(byDay['2026-11-19']).toMatchObject({ count: 0, rest: false }); // two misses: the end
    expect(byDay['2026-11-18']).toMatchObject({ count: 1, late: true });
    expect(rhythm).toMatchObject({
      streak: 2,
      today: '2026-11-22',
      timeZone: 'UTC',
      statsWindowDays: null,
    });
    expect((await p.api.get('/api/stats')).json().prayerStreak).toBe(2);
    expect((await p.api.get('/api/prayers/user/summary')).json().streak).toBe(2);

    const midweek = (await p.api.get('/api/stats/rhythm?weeks=1')).json();
    expect(midweek.days.map((d: { day: string }) => d.day)[0]).toBe('2026-11-16');
    expect(midweek.days).toHaveLength(7);
    expect((await p.api.get('/api/stats/rhythm?weeks=52')).json().days).toHaveLength(52 * 7);
  });

  it('counts days in the user’s time zone: the same instants rest in UTC, not in New York', async () => {
    clock = new Date('2026-11-22T03:00:00Z'); // 22:00 on the 21st in New York
    const ny = await person(t.app);
    const utc = await person(t.app);
    await inZone(ny, 'America/New_York');
    for (const p of [ny, utc]) {
      const id = await prayerOf(p);
      await prayedAt(p, id, '2026-11-20T12:00:00Z', '2026-11-22T02:00:00Z');
    }
    const nyRhythm = (await ny.api.get('/api/stats/rhythm')).json();
    expect(nyRhythm).toMatchObject({ today: '2026-11-21', streak: 2 });
    expect(nyRhythm.days.filter((d: { count: number }) => d.count > 0)).toEqual([
      { day: '2026-11-20', count: 1, late: false, rest: false },
      { day: '2026-11-21', count: 1, late: false, rest: false },
    ]);
    expect(nyRhythm.days.some((d: { rest: boolean }) => d.rest)).toBe(false);
    const utcRhythm = (await utc.api.get('/api/stats/rhythm')).json();
    expect(utcRhythm).toMatchObject({ today: '2026-11-22', streak: 2 });
    expect(utcRhythm.days.filter((d: { rest: boolean }) => d.rest)).toEqual([
      { day: '2026-11-21', count: 0, late: false, rest: true },
    ]);

    // New York's local midnight: the 22nd is open, then a second missed day ends the streak.
    clock = new Date('2026-11-23T04:59:00Z'); // 23:59 on the 22nd
    expect((await ny.api.get('/api/stats')).json().prayerStreak).toBe(2);
    clock = new Date('2026-11-23T05:00:00Z'); // the 23rd: the 22nd rests
    expect((await ny.api.get('/api/stats')).json().prayerStreak).toBe(2);
    clock = new Date('2026-11-24T05:00:00Z'); // the 24th: the 22nd and the 23rd missed
    expect((await ny.api.get('/api/stats')).json().prayerStreak).toBe(0);
    clock = new Date('2026-11-22T12:00:00Z');
  });

  it('Free: the heat map is whole, the streak stops at 7 as on the dashboard', async () => {
    clock = new Date('2026-11-22T12:00:00Z');
    const p = await person(t.app);
    const id = await prayerOf(p);
    await prayedAt(
      p,
      id,
      ...Array.from(
        { length: 22 },
        (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}T09:00:00Z`,
      ),
    );
    const free = (await p.api.get('/api/stats/rhythm')).json();
    expect(free).toMatchObject({ streak: 7, statsWindowDays: 7 });
    expect(free.days.filter((d: { count: number }) => d.count > 0)).toHaveLength(22);
    expect((await p.api.get('/api/stats')).json()).toMatchObject({
      prayerStreak: 7,
      statsWindowDays: 7,
    });
    await setPlan(t.db, p.id, 'premium');
    expect((await p.api.get('/api/stats/rhythm')).json()).toMatchObject({
      streak: 22,
      statsWindowDays: null,
    });
    expect((await p.api.get('/api/stats')).json().prayerStreak).toBe(22);
  });

  it.each(['0', '53', '1.5', 'many', '-1'])('rejects weeks=%s with a clear 400', async (weeks) => {
    const res = await author.api.get(`/api/stats/rhythm?weeks=${weeks}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('weeks must be a whole number from 1 to 52.');
  });

  it('requires sign-in', async () => {
    expect((await apiAs(t.app, null).get('/api/stats/rhythm')).statusCode).toBe(401);
  });
});
