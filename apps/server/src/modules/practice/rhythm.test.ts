import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prayerEvents, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { person, type Person } from '../../../test/people.ts';

/** The rhythm of a prayer and when it is due (issue 20 §2, practice.sql.ts). */

let t: TestApp;
// Wednesday 25 November 2026, noon UTC.
let clock = new Date('2026-11-25T12:00:00Z');
let me: Person;
let other: Person;
let journal: string;

const setZone = async (p: Person, timeZone: string) => {
  const [row] = await t.db.db.select().from(users).where(eq(users.id, p.id));
  await t.db.db
    .update(users)
    .set({ settings: { ...row!.settings, timeZone } })
    .where(eq(users.id, p.id));
};

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  [me, other] = await Promise.all([person(t.app, 'Ann'), person(t.app, 'Bob')]);
  await setZone(me, 'UTC');
  journal = (await me.api.post('/api/journals', { title: 'Mine', isPrivate: false })).json()._id;
  await other.api.post(`/api/journals/${journal}/join`);
});
afterAll(async () => {
  await t?.close();
});

const newPrayer = async (title = 'A prayer', isPrivate = false) => {
  const res = await me.api.post('/api/prayers', { title, journal, isPrivate });
  expect(res.statusCode).toBe(201);
  return res.json<{ _id: string; due: boolean }>();
};
const setRhythm = (id: string, body: Record<string, unknown>, who: Person = me) =>
  who.api.put(`/api/prayers/${id}/rhythm`, body);
const due = async (id: string, who: Person = me) =>
  (await who.api.get(`/api/prayers/${id}`)).json<{ due: boolean }>().due;
const at = (iso: string) => {
  clock = new Date(iso);
};
const prayed = (prayerId: string, day: string, userId = me.id) =>
  t.db.db.insert(prayerEvents).values({ userId, prayerId, day });

describe('PUT /api/prayers/:id/rhythm', () => {
  it('sets each kind, clears the fields of the others, and answers the prayer', async () => {
    at('2026-11-25T12:00:00Z');
    const { _id, due: createdDue } = await newPrayer();
    expect(createdDue).toBe(false);
    const weekly = await setRhythm(_id, { kind: 'weekly', days: [5, 1, 3], urgent: true });
    expect(weekly.statusCode).toBe(200);
    expect(weekly.json()).toMatchObject({
      _id,
      rhythm: { kind: 'weekly', days: [1, 3, 5], dayOfMonth: null, until: null, snoozeUntil: null },
      urgent: true,
      due: true, // Wednesday
    });
    const monthly = (await setRhythm(_id, { kind: 'monthly', dayOfMonth: 31 })).json();
    expect(monthly).toMatchObject({
      rhythm: { kind: 'monthly', days: null, dayOfMonth: 31, until: null },
      urgent: true, // left as it was
      due: false,
    });
    const until = (await setRhythm(_id, { kind: 'until', until: '2026-12-01' })).json();
    expect(until.rhythm).toEqual({
      kind: 'until',
      days: null,
      dayOfMonth: null,
      until: '2026-12-01',
      snoozeUntil: null,
    });
    const none = (await setRhythm(_id, { kind: 'none', urgent: false })).json();
    expect(none).toMatchObject({
      rhythm: { kind: 'none', until: null },
      urgent: false,
      due: false,
    });
  });

  it('refuses bad input with a clear 400', async () => {
    at('2026-11-25T12:00:00Z');
    const { _id } = await newPrayer();
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'The rhythm must be one of'],
      [{ kind: 'hourly' }, 'The rhythm must be one of'],
      [{ kind: 'weekly' }, 'Choose at least one day of the week.'],
      [{ kind: 'weekly', days: [] }, 'Choose at least one day of the week.'],
      [{ kind: 'weekly', days: [1, 1] }, 'Each day of the week only once.'],
      [{ kind: 'weekly', days: [7] }, 'from 0 (Sunday) to 6 (Saturday)'],
      [{ kind: 'monthly' }, 'Choose the day of the month.'],
      [{ kind: 'monthly', dayOfMonth: 32 }, 'from 1 to 31'],
      [{ kind: 'until' }, 'Choose the last day.'],
      [{ kind: 'until', until: '2026-02-30' }, 'That date does not exist.'],
      [{ kind: 'until', until: '2026-13-01' }, 'That date does not exist.'],
      [{ kind: 'daily', snoozeUntil: '2026-00-10' }, 'That date does not exist.'],
      [{ kind: 'until', until: '0000-01-01' }, 'Dates go from 1900-01-01 to 9999-12-31.'],
      [{ kind: 'until', until: '25/12/2026' }, 'YYYY-MM-DD'],
      [{ kind: 'daily', days: [1] }, "A 'daily' rhythm takes no days."],
      [{ kind: 'weekly', days: [1], dayOfMonth: 3 }, "A 'weekly' rhythm takes no dayOfMonth."],
      [{ kind: 'none', until: '2026-12-01' }, "A 'none' rhythm takes no until."],
      [{ kind: 'daily', urgent: 'yes' }, 'urgent must be true or false.'],
      [{ kind: 'daily', extra: 1 }, 'extra'],
      // Checked against the user's today.
      [{ kind: 'until', until: '2026-11-24' }, 'needs a date from today on'],
      [{ kind: 'daily', snoozeUntil: '2026-11-25' }, 'Snooze until a date from tomorrow on'],
    ];
    for (const [body, message] of cases) {
      const res = await setRhythm(_id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toContain(message);
    }
    const bad = await me.api.put('/api/prayers/not-a-uuid/rhythm', { kind: 'daily' });
    expect(bad.statusCode).toBe(400);
  });

  it("is the author's alone: 404 for others, who read no rhythm, star or due mark", async () => {
    at('2026-11-25T12:00:00Z');
    const { _id } = await newPrayer('Public one');
    expect((await setRhythm(_id, { kind: 'daily', urgent: true })).statusCode).toBe(200);
    const denied = await setRhythm(_id, { kind: 'none' }, other);
    expect(denied.statusCode).toBe(404);
    expect(denied.json().code).toBe('NOT_FOUND');
    const seen = (await other.api.get(`/api/prayers/${_id}`)).json();
    expect(seen).toMatchObject({
      rhythm: { kind: 'none', days: null, dayOfMonth: null, until: null, snoozeUntil: null },
      urgent: false,
      due: false,
    });
    expect(await due(_id)).toBe(true);
    const unknown = await setRhythm('00000000-0000-4000-8000-000000000000', { kind: 'daily' });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/prayers/${_id}/rhythm`,
      payload: { kind: 'daily' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('due today', () => {
  it('daily: due until prayed that day, again the next day; answered is never due', async () => {
    at('2026-11-25T12:00:00Z');
    const { _id } = await newPrayer();
    await setRhythm(_id, { kind: 'daily' });
    expect(await due(_id)).toBe(true);
    await prayed(_id, '2026-11-24'); // yesterday's does not count today
    expect(await due(_id)).toBe(true);
    await prayed(_id, '2026-11-25');
    expect(await due(_id)).toBe(false);
    at('2026-11-26T12:00:00Z');
    expect(await due(_id)).toBe(true);
    // Someone else's Prayed of it is not the author's.
    await prayed(_id, '2026-11-26', other.id);
    expect(await due(_id)).toBe(true);
    await me.api.put(`/api/prayers/${_id}/status`, { isAnswered: true });
    expect(await due(_id)).toBe(false);
  });

  it('weekdays and weekly fall on their days', async () => {
    const { _id: weekdays } = await newPrayer();
    const { _id: weekly } = await newPrayer();
    at('2026-11-28T12:00:00Z'); // Saturday
    await setRhythm(weekdays, { kind: 'weekdays' });
    await setRhythm(weekly, { kind: 'weekly', days: [0, 6] });
    expect(await due(weekdays)).toBe(false);
    expect(await due(weekly)).toBe(true);
    at('2026-11-29T12:00:00Z'); // Sunday
    expect(await due(weekdays)).toBe(false);
    expect(await due(weekly)).toBe(true);
    at('2026-11-30T12:00:00Z'); // Monday
    expect(await due(weekdays)).toBe(true);
    expect(await due(weekly)).toBe(false);
  });

  it("monthly on the 31st falls on a shorter month's last day", async () => {
    const { _id } = await newPrayer();
    at('2026-11-25T12:00:00Z');
    await setRhythm(_id, { kind: 'monthly', dayOfMonth: 31 });
    at('2026-11-29T12:00:00Z');
    expect(await due(_id)).toBe(false);
    at('2026-11-30T12:00:00Z'); // November has 30 days
    expect(await due(_id)).toBe(true);
    at('2026-12-30T12:00:00Z');
    expect(await due(_id)).toBe(false);
    at('2026-12-31T12:00:00Z');
    expect(await due(_id)).toBe(true);
    at('2027-02-28T12:00:00Z');
    expect(await due(_id)).toBe(true);
  });

  it('until: every day up to and including the date', async () => {
    const { _id } = await newPrayer();
    at('2026-11-25T12:00:00Z');
    expect((await setRhythm(_id, { kind: 'until', until: '2026-11-25' })).statusCode).toBe(200);
    await setRhythm(_id, { kind: 'until', until: '2026-11-27' });
    expect(await due(_id)).toBe(true);
    at('2026-11-27T12:00:00Z');
    expect(await due(_id)).toBe(true);
    at('2026-11-28T12:00:00Z');
    expect(await due(_id)).toBe(false);
  });

  it('snooze hides it until its date; null wakes it', async () => {
    const { _id } = await newPrayer();
    at('2026-11-25T12:00:00Z');
    const snoozed = await setRhythm(_id, { kind: 'daily', snoozeUntil: '2026-11-27' });
    expect(snoozed.json()).toMatchObject({ rhythm: { snoozeUntil: '2026-11-27' }, due: false });
    at('2026-11-26T12:00:00Z');
    expect(await due(_id)).toBe(false);
    // Changing the kind keeps the snooze when it is not given.
    await setRhythm(_id, { kind: 'weekdays' });
    expect(await due(_id)).toBe(false);
    at('2026-11-27T12:00:00Z');
    expect(await due(_id)).toBe(true);
    at('2026-11-25T12:00:00Z');
    await setRhythm(_id, { kind: 'daily', snoozeUntil: '2026-11-30' });
    expect(await due(_id)).toBe(false);
    const woken = await setRhythm(_id, { kind: 'daily', snoozeUntil: null });
    expect(woken.json()).toMatchObject({ rhythm: { snoozeUntil: null }, due: true });
  });

  it("counts in the user's time zone", async () => {
    const { _id } = await newPrayer();
    at('2026-11-25T12:00:00Z');
    await setRhythm(_id, { kind: 'weekly', days: [4] }); // Thursdays
    // 2026-11-25T20:00Z is Wednesday in UTC, already Thursday in Kiritimati (UTC+14).
    at('2026-11-25T20:00:00Z');
    expect(await due(_id)).toBe(false);
    await setZone(me, 'Pacific/Kiritimati');
    expect(await due(_id)).toBe(true);
    // A Prayed on the user's (Thursday) day ends it; one on the UTC day would not.
    await prayed(_id, '2026-11-25');
    expect(await due(_id)).toBe(true);
    await prayed(_id, '2026-11-26');
    expect(await due(_id)).toBe(false);
    // 'until' today is checked against the user's today too.
    const { _id: until } = await newPrayer();
    expect((await setRhythm(until, { kind: 'until', until: '2026-11-25' })).statusCode).toBe(400);
    expect((await setRhythm(until, { kind: 'until', until: '2026-11-26' })).statusCode).toBe(200);
    await setZone(me, 'UTC');
  });
});

describe('due marks in the lists', () => {
  it('Prayer Points and the journal page mark due prayers, and ?due=true shows only those', async () => {
    at('2026-11-25T12:00:00Z');
    const { _id: dueOne } = await newPrayer('Due one');
    const { _id: notDue } = await newPrayer('Not due');
    await setRhythm(dueOne, { kind: 'daily' });
    const list = (await me.api.get('/api/prayers/user?limit=100')).json<{
      data: { _id: string; due: boolean }[];
    }>().data;
    expect(list.find((p) => p._id === dueOne)?.due).toBe(true);
    expect(list.find((p) => p._id === notDue)?.due).toBe(false);

    const onlyDue = (await me.api.get('/api/prayers/user?due=true&limit=100')).json<{
      data: { _id: string; due: boolean }[];
    }>().data;
    expect(onlyDue.length).toBeGreaterThan(0);
    expect(onlyDue.every((p) => p.due)).toBe(true);
    expect(onlyDue.map((p) => p._id)).toContain(dueOne);
    expect(onlyDue.map((p) => p._id)).not.toContain(notDue);

    const inJournal = (await me.api.get(`/api/prayers?journal=${journal}&due=true`)).json<{
      data: { _id: string }[];
    }>().data;
    expect(inJournal.map((p) => p._id)).toContain(dueOne);
    expect(inJournal.map((p) => p._id)).not.toContain(notDue);
    const detail = (await me.api.get(`/api/journals/${journal}`)).json<{
      prayers: { _id: string; due: boolean }[];
    }>();
    expect(detail.prayers.find((p) => p._id === dueOne)?.due).toBe(true);
    // A member of the journal sees it, never as due for them.
    const theirs = (await other.api.get(`/api/prayers?journal=${journal}&due=true`)).json<{
      data: unknown[];
    }>().data;
    expect(theirs).toEqual([]);
    const bad = await me.api.get('/api/prayers/user?due=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("due must be 'true' or 'false'.");
  });
});
