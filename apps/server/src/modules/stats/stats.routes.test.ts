import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prayerEvents, prayers, users } from '../../db/schema/index.ts';
import { dayNumber } from '../../lib/time-zone.ts';
import { buildTestApp, signUp, type TestApp } from '../../../test/build-test-app.ts';
import { apiAs } from '../../../test/api.ts';
import { setPlan } from '../../../test/plans.ts';
import { prayedFor } from './stats.service.ts';

let t: TestApp;
let clock = new Date('2026-11-22T03:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

async function userIn(timeZone: string | null) {
  const user = await signUp(t.app);
  if (timeZone) {
    const [row] = await t.db.db.select().from(users).where(eq(users.id, user.userId));
    await t.db.db
      .update(users)
      .set({ settings: { ...row!.settings, timeZone } })
      .where(eq(users.id, user.userId));
  }
  return { ...user, api: apiAs(t.app, user.token) };
}

/**
 * Records a Prayed by the user at each instant (the server's clock then), on a prayer of theirs
 * (`prayerId`, or a new one in a new journal): the days the streak counts.
 */
async function prayedAt(
  u: { api: ReturnType<typeof apiAs> },
  prayerId: string | null,
  ...instants: string[]
) {
  const saved = clock;
  let id = prayerId;
  if (!id) {
    const journal = (await u.api.post('/api/journals', { title: 'Prayed' })).json()._id as string;
    id = (await u.api.post('/api/prayers', { title: 'Prayed', journal })).json()._id as string;
  }
  for (const instant of instants) {
    clock = new Date(instant);
    expect((await u.api.post(`/api/prayers/${id}/prayed`)).statusCode).toBe(201);
  }
  clock = saved;
}

describe('GET /api/stats', () => {
  it('counts the streak in the user’s time zone, not UTC', async () => {
    clock = new Date('2026-11-22T03:00:00Z'); // 22:00 on the 21st in New York
    const ny = await userIn('America/New_York');
    const utc = await userIn(null);
    for (const u of [ny, utc])
      await prayedAt(
        u,
        null,
        '2026-11-19T12:00:00Z',
        '2026-11-20T12:00:00Z',
        '2026-11-22T02:00:00Z',
      );
    // New York: the 21st (today), the 20th and the 19th: 3 days. UTC: the 22nd (today), the 21st
    // missed (a rest day), the 20th and the 19th: 3 days too, one of them a rest.
    expect((await ny.api.get('/api/stats')).json()).toMatchObject({
      prayerStreak: 3,
      timeZone: 'America/New_York',
    });
    expect((await utc.api.get('/api/stats')).json()).toMatchObject({
      prayerStreak: 3,
      timeZone: 'UTC',
    });
    // On the 24th New York has missed the 22nd and the 23rd: the streak ends; UTC prayed the
    // 22nd, so its streak is that day alone (the 21st and the 23rd are two misses within 7).
    clock = new Date('2026-11-24T06:00:00Z');
    expect((await ny.api.get('/api/stats')).json().prayerStreak).toBe(0);
    expect((await utc.api.get('/api/stats')).json().prayerStreak).toBe(1);
  });

  it('keeps the streak over one rest day, breaks it at a second within 7, and turns at local midnight', async () => {
    clock = new Date('2026-11-19T12:00:00Z');
    const u = await userIn('Europe/Berlin'); // UTC+1 in November
    const journal = (await u.api.post('/api/journals', { title: 'Berlin' })).json()._id as string;
    const id = (await u.api.post('/api/prayers', { title: 'Daily', journal })).json()._id as string;
    await prayedAt(u, id, '2026-11-19T22:59:59Z', '2026-11-20T23:00:00Z'); // 19th 23:59:59 and 21st 00:00 local
    clock = new Date('2026-11-21T12:00:00Z'); // the 21st
    expect((await u.api.get('/api/stats')).json().prayerStreak).toBe(2); // the 20th rests
    // Filled in later: the 20th counts.
    expect(
      (await u.api.post(`/api/prayers/${id}/prayed`, { day: '2026-11-20' })).json(),
    ).toMatchObject({ day: '2026-11-20', late: true });
    expect((await u.api.get('/api/stats')).json().prayerStreak).toBe(3);
    clock = new Date('2026-11-22T22:59:00Z'); // 23:59 on the 22nd: today is not over
    expect((await u.api.get('/api/stats')).json().prayerStreak).toBe(3);
    clock = new Date('2026-11-22T23:00:00Z'); // midnight: the 23rd; the 22nd rests
    expect((await u.api.get('/api/stats')).json().prayerStreak).toBe(3);
    clock = new Date('2026-11-23T23:00:00Z'); // the 24th: the 22nd and the 23rd missed
    expect((await u.api.get('/api/stats')).json().prayerStreak).toBe(0);
  });

  it('counts prayers, activity periods and recent testimonies', async () => {
    clock = new Date('2026-11-22T05:30:00Z'); // Sunday 00:30 in New York
    const u = await userIn('America/New_York');
    // Premium: the month is counted (Free's 7-day window is tested below).
    await setPlan(t.db, u.userId, 'premium', new Date('2026-12-22T00:00:00Z'));
    const journal = (await u.api.post('/api/journals', { title: 'Stats' })).json()._id as string;
    const ids: string[] = [];
    for (const title of ['Late last night', 'Earlier this week', 'Last month', 'Answered one']) {
      ids.push(
        (await u.api.post('/api/prayers', { title, journal, content: `About ${title}` })).json()
          ._id,
      );
    }
    const at = (id: string, iso: string) =>
      t.db.db
        .update(prayers)
        .set({ createdAt: new Date(iso) })
        .where(eq(prayers.id, id));
    await at(ids[0]!, '2026-11-22T04:30:00Z'); // Saturday 23:30 local: this week, not today
    await at(ids[1]!, '2026-11-17T15:00:00Z'); // Tuesday: this week
    await at(ids[2]!, '2026-10-30T15:00:00Z'); // October
    await at(ids[3]!, '2026-11-01T05:00:00Z'); // 1 Nov 01:00 local (EDT ends that day): this month
    await u.api.put(`/api/prayers/${ids[3]}/status`, { isAnswered: true });
    await u.api.post(`/api/prayers/${ids[3]}/testimony`, { testimony: 'He answered in His time.' });
    const fifth = (await u.api.post('/api/prayers', { title: 'Today', journal })).json()
      ._id as string;

    const stats = (await u.api.get('/api/stats')).json();
    expect(stats).toMatchObject({
      totalPrayers: 5,
      activePrayers: 4,
      answeredPrayers: 1,
      prayersToday: 1,
      prayersThisWeek: 3,
      prayersThisMonth: 4,
    });
    expect(stats.recentTestimonies).toEqual([
      {
        id: ids[3],
        title: 'Answered one',
        content: 'He answered in His time.',
        dateAnswered: '2026-11-22T05:30:00.000Z',
        prayedFor: 3,
        timeUnit: 'weeks',
      },
    ]);
    expect(fifth).toBeTruthy();
  });

  it('requires sign-in', async () => {
    expect((await apiAs(t.app, null).get('/api/stats')).statusCode).toBe(401);
  });
});

describe('the plan’s statistics window (docs/decisions/027)', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const NOW = '2026-11-22T12:00:00Z'; // Sunday; the ISO week began Monday the 16th

  /**
   * A UTC user active every day from 1 to 22 November (a 22-day streak) with prayers written
   * today, on the 18th, the 5th and in October, and three testimonies: answered on the 20th, at
   * the first instant of the 7-day window (16th 00:00) and one second before it.
   */
  async function historyUser() {
    clock = new Date(NOW);
    const u = await userIn(null);
    const journal = (await u.api.post('/api/journals', { title: 'History' })).json()._id as string;
    const write = async (title: string, createdAt: string) => {
      const id = (await u.api.post('/api/prayers', { title, journal })).json()._id as string;
      await t.db.db
        .update(prayers)
        .set({ createdAt: new Date(createdAt) })
        .where(eq(prayers.id, id));
      return id;
    };
    const answer = async (id: string, answeredAt: string) => {
      expect((await u.api.put(`/api/prayers/${id}/status`, { isAnswered: true })).statusCode).toBe(
        200,
      );
      await t.db.db
        .update(prayers)
        .set({ answeredAt: new Date(answeredAt) })
        .where(eq(prayers.id, id));
    };
    const today = await write('Today', '2026-11-22T08:00:00Z');
    await prayedAt(
      u,
      today,
      ...Array.from(
        { length: 22 },
        (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}T09:00:00Z`,
      ),
    );
    const inWeek = await write('This week', '2026-11-18T08:00:00Z');
    const inMonth = await write('This month', '2026-11-05T08:00:00Z');
    const older = await write('October', '2026-10-20T08:00:00Z');
    await answer(inWeek, '2026-11-20T10:00:00Z');
    await answer(inMonth, '2026-11-16T00:00:00Z');
    await answer(older, '2026-11-15T23:59:59Z');
    return { ...u, inWeek, inMonth, older };
  }

  const testimonyIds = (stats: { recentTestimonies: { id: string }[] }) =>
    stats.recentTestimonies.map((item) => item.id);

  it('Free: no month, the streak stops at 7, only testimonies answered in the last 7 days', async () => {
    const u = await historyUser();
    const stats = (await u.api.get('/api/stats')).json();
    expect(stats).toMatchObject({
      // Current counts of the user's prayer points, not history: whole.
      totalPrayers: 4,
      activePrayers: 1,
      answeredPrayers: 3,
      prayersToday: 1,
      prayersThisWeek: 2,
      prayersThisMonth: null,
      prayerStreak: 7,
      statsWindowDays: 7,
    });
    expect(testimonyIds(stats)).toEqual([u.inWeek, u.inMonth]);

    const summary = (await u.api.get('/api/prayers/user/summary')).json();
    expect(summary).toMatchObject({
      total: 4,
      active: 1,
      answered: 3,
      streak: 7,
      statsWindowDays: 7,
    });
    expect(summary.last7Days).toHaveLength(7);
    expect(summary.last7Days.every((d: { active: boolean }) => d.active)).toBe(true);

    // A streak that ended yesterday is capped too; a short one is not inflated.
    clock = new Date('2026-11-23T12:00:00Z');
    expect((await u.api.get('/api/stats')).json().prayerStreak).toBe(7);
    const fresh = await userIn(null);
    await prayedAt(fresh, null, '2026-11-22T08:00:00Z', '2026-11-23T08:00:00Z');
    expect((await fresh.api.get('/api/stats')).json()).toMatchObject({
      prayerStreak: 2,
      prayersThisMonth: null,
      statsWindowDays: 7,
    });
  });

  it('Premium and Ministry: the month, the whole streak and every recent testimony', async () => {
    const u = await historyUser();
    for (const plan of ['premium', 'ministry'] as const) {
      await setPlan(t.db, u.userId, plan, new Date(Date.parse(NOW) + 30 * DAY));
      const stats = (await u.api.get('/api/stats')).json();
      expect(stats).toMatchObject({
        totalPrayers: 4,
        activePrayers: 1,
        answeredPrayers: 3,
        prayersToday: 1,
        prayersThisWeek: 2,
        prayersThisMonth: 3,
        prayerStreak: 22,
        statsWindowDays: null,
      });
      expect(testimonyIds(stats)).toEqual([u.inWeek, u.inMonth, u.older]);
      expect((await u.api.get('/api/prayers/user/summary')).json()).toMatchObject({
        streak: 22,
        statsWindowDays: null,
      });
    }
  });

  it('a lapsed plan counts as Free and deletes nothing: renewing shows the full figures again', async () => {
    const u = await historyUser();
    const full = {
      prayersThisMonth: 3,
      prayerStreak: 22,
      statsWindowDays: null,
      answeredPrayers: 3,
    };
    await setPlan(t.db, u.userId, 'premium', new Date(Date.parse(NOW) + DAY));
    expect((await u.api.get('/api/stats')).json()).toMatchObject(full);

    await setPlan(t.db, u.userId, 'premium', new Date(Date.parse(NOW))); // lapses at this instant
    const lapsed = (await u.api.get('/api/stats')).json();
    expect(lapsed).toMatchObject({ prayersThisMonth: null, prayerStreak: 7, statsWindowDays: 7 });
    expect(testimonyIds(lapsed)).toEqual([u.inWeek, u.inMonth]);
    expect((await u.api.get('/api/prayers/user/summary')).json().streak).toBe(7);
    expect((await u.api.get('/api/subscription')).json()).toMatchObject({
      plan: 'premium',
      effectivePlan: 'free',
      limits: { statsDays: 7 },
    });

    await setPlan(t.db, u.userId, 'premium', new Date(Date.parse(NOW) + 30 * DAY));
    const renewed = (await u.api.get('/api/stats')).json();
    expect(renewed).toMatchObject(full);
    expect(testimonyIds(renewed)).toEqual([u.inWeek, u.inMonth, u.older]);
    expect(await t.db.db.$count(prayers, eq(prayers.authorId, u.userId))).toBe(4);
    expect(await t.db.db.$count(prayerEvents, eq(prayerEvents.userId, u.userId))).toBe(22);
  });

  it('the window follows the user’s time zone: it starts at local midnight six days back', async () => {
    clock = new Date('2026-11-22T12:00:00Z'); // the 22nd in Tokyo (UTC+9) too
    const u = await userIn('Asia/Tokyo');
    const journal = (await u.api.post('/api/journals', { title: 'Tokyo' })).json()._id as string;
    const ids: string[] = [];
    for (const answeredAt of ['2026-11-15T15:00:00Z', '2026-11-15T14:59:59Z']) {
      // 16th 00:00 and 15th 23:59:59 in Tokyo
      const id = (await u.api.post('/api/prayers', { title: answeredAt, journal })).json()
        ._id as string;
      await u.api.put(`/api/prayers/${id}/status`, { isAnswered: true });
      await t.db.db
        .update(prayers)
        .set({ answeredAt: new Date(answeredAt) })
        .where(eq(prayers.id, id));
      ids.push(id);
    }
    expect(testimonyIds((await u.api.get('/api/stats')).json())).toEqual([ids[0]]);
  });
});

describe('GET /api/stats/daily', () => {
  it('uses a built-in verse until the user has memory verses, then theirs; the quote changes daily', async () => {
    clock = new Date('2026-11-22T12:00:00Z');
    const u = await userIn(null);
    const first = (await u.api.get('/api/stats/daily')).json();
    expect(first.memoryVerse.source).toBe('scripture');
    expect(first.inspiration).toEqual({ quote: expect.any(String), author: expect.any(String) });
    const journal = (await u.api.post('/api/journals', { title: 'Verses' })).json()._id as string;
    await u.api.post('/api/prayers', {
      title: 'Verse',
      journal,
      memoryVerse: { verse: 'My own verse', reference: 'Psalm 1:1' },
    });
    expect((await u.api.get('/api/stats/daily')).json().memoryVerse).toEqual({
      verse: 'My own verse',
      reference: 'Psalm 1:1',
      source: 'yours',
    });
    clock = new Date('2026-11-23T12:00:00Z');
    expect((await u.api.get('/api/stats/daily')).json().inspiration).not.toEqual(first.inspiration);
  });

  it("takes the user's verses in turn, oldest first: the day's number modulo how many", async () => {
    clock = new Date('2026-11-22T12:00:00Z');
    const u = await userIn(null);
    const journal = (await u.api.post('/api/journals', { title: 'Verses' })).json()._id as string;
    const verses = ['First', 'Second', 'Third'];
    for (const verse of verses) {
      clock = new Date(clock.getTime() + 1000);
      await u.api.post('/api/prayers', {
        title: verse,
        journal,
        memoryVerse: { verse, reference: 'Psalm 1:1' },
      });
    }
    await u.api.post('/api/prayers', { title: 'No verse', journal });
    for (const day of ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25']) {
      clock = new Date(`${day}T12:00:00Z`);
      expect((await u.api.get('/api/stats/daily')).json().memoryVerse.verse).toBe(
        verses[dayNumber(day) % verses.length],
      );
    }
  });
});

describe('prayedFor', () => {
  it.each([
    ['2026-01-01T00:00:00Z', '2026-01-01T00:00:30Z', 1, 'minute'],
    ['2026-01-01T00:00:00Z', '2026-01-01T05:00:00Z', 5, 'hours'],
    ['2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', 1, 'day'],
    ['2026-01-01T00:00:00Z', '2026-01-20T00:00:00Z', 2, 'weeks'],
    ['2026-01-01T00:00:00Z', '2026-04-01T00:00:00Z', 3, 'months'],
    ['2024-01-01T00:00:00Z', '2026-01-02T00:00:00Z', 2, 'years'],
  ])('%s to %s is %i %s', (from, to, n, unit) => {
    expect(prayedFor(new Date(from), new Date(to))).toEqual({ prayedFor: n, timeUnit: unit });
  });
});
