import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notifications,
  prayerEvents,
  prayerRequestResponses,
  users,
} from '../../db/schema/index.ts';
import { bearer, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { befriend, person, type Person } from '../../../test/people.ts';

/**
 * "I'm Praying" as a commitment, Prayed on a request, updates and answers (issue 20 §3,
 * docs/decisions/051 "Commitments"). The clock is the app's: 03:00 UTC is still the day before
 * in Chicago.
 */
let t: TestApp;
let clock = new Date('2026-11-22T03:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

async function inZone(p: Person, timeZone: string) {
  const [row] = await t.db.db.select().from(users).where(eq(users.id, p.id));
  await t.db.db
    .update(users)
    .set({ settings: { ...row!.settings, timeZone } })
    .where(eq(users.id, p.id));
}

/** A creator, their friends (in the zones given) and a public request of the creator's. */
async function circle(...zones: string[]) {
  const creator = await person(t.app, 'Ruth');
  const friends: Person[] = [];
  for (const zone of zones) {
    const friend = await person(t.app, 'Eli');
    await befriend(creator, friend);
    await inZone(friend, zone);
    friends.push(friend);
  }
  const res = await creator.api.post('/api/prayer-requests', {
    title: 'New job',
    isPrivate: false,
  });
  expect(res.statusCode).toBe(201);
  return { creator, friends, id: res.json<{ _id: string }>()._id };
}

const read = async (p: Person, id: string) => {
  const res = await p.api.get(`/api/prayer-requests/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const notesOf = (userId: string, type: string) =>
  t.db.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type as 'reminder')));

describe('POST /api/prayer-requests/:id/pray commits', () => {
  it("with no body, or an empty one, commits 'once' (running until the first Prayed)", async () => {
    const { creator, friends, id } = await circle('UTC', 'UTC');
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/prayer-requests/${id}/pray`,
      headers: bearer(friends[0]!.api.token!),
    });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json()).toMatchObject({
      message: 'Prayer response recorded!',
      request: {
        isPraying: true,
        prayingCount: 1,
        commitment: { cadence: 'once', endsOn: null, running: true, daysLeft: null },
      },
    });
    const empty = await friends[1]!.api.post(`/api/prayer-requests/${id}/pray`, {});
    expect(empty.json().request.commitment).toEqual({
      cadence: 'once',
      endsOn: null,
      running: true,
      daysLeft: null,
    });
    expect((await read(creator, id)).prayingCount).toBe(2);
  });

  it("'daily7' ends on the committer's local today + 6, in their own zone", async () => {
    const { creator, friends, id } = await circle('America/Chicago', 'Pacific/Auckland');
    const [chicago, auckland] = friends as [Person, Person];
    const a = await chicago.api.post(`/api/prayer-requests/${id}/pray`, { cadence: 'daily7' });
    expect(a.json().request.commitment).toEqual({
      cadence: 'daily7',
      endsOn: '2026-11-27', // 21 November in Chicago
      running: true,
      daysLeft: 7,
    });
    const b = await auckland.api.post(`/api/prayer-requests/${id}/pray`, { cadence: 'daily7' });
    expect(b.json().request.commitment.endsOn).toBe('2026-11-28'); // 22 November in Auckland
    expect((await read(creator, id)).prayingCount).toBe(2);

    const before = clock;
    try {
      // 27 November 03:00 UTC: the 26th in Chicago (2 days left there, its last day included),
      // the 27th in Auckland (2 left of its 7, to the 28th). Counted in each one's own zone.
      clock = new Date('2026-11-27T03:00:00Z');
      expect((await read(chicago, id)).commitment.daysLeft).toBe(2);
      clock = new Date('2026-11-27T12:00:00Z'); // the 27th in Chicago, the 28th in Auckland
      expect((await read(chicago, id)).commitment.daysLeft).toBe(1);
      expect((await read(auckland, id)).commitment.daysLeft).toBe(1);

      // 28 November 08:00 UTC: Chicago's last day (the 27th) has passed there, Auckland's has not.
      clock = new Date('2026-11-28T08:00:00Z');
      expect((await read(chicago, id)).commitment).toEqual({
        cadence: 'daily7',
        endsOn: '2026-11-27',
        running: false,
        daysLeft: null,
      });
      expect((await read(chicago, id)).isPraying).toBe(false);
      const seen = await read(creator, id);
      expect(seen.prayingCount).toBe(1);
      expect(seen.respondedUsers.map((u: { _id: string }) => u._id)).toEqual([auckland.id]);
    } finally {
      clock = before;
    }
  });

  it('committing again changes the cadence, restarts the 7 days and reopens an ended one; the creator is told once', async () => {
    const { creator, friends, id } = await circle('UTC');
    const friend = friends[0]!;
    await friend.api.post(`/api/prayer-requests/${id}/pray`, { cadence: 'daily7' });
    const before = clock;
    clock = new Date(before.getTime() + 3 * DAY);
    try {
      const again = await friend.api.post(`/api/prayer-requests/${id}/pray`, {
        cadence: 'daily7',
      });
      expect(again.json().request.commitment.endsOn).toBe('2026-12-01');
      const until = await friend.api.post(`/api/prayer-requests/${id}/pray`, {
        cadence: 'untilAnswered',
      });
      expect(until.json().request.commitment).toEqual({
        cadence: 'untilAnswered',
        endsOn: null,
        running: true,
        daysLeft: null,
      });
      const stopped = await friend.api.delete(`/api/prayer-requests/${id}/pray`);
      expect(stopped.json()).toMatchObject({
        message: 'Prayer response removed!',
        request: {
          isPraying: false,
          prayingCount: 0,
          commitment: { cadence: 'untilAnswered', running: false },
        },
      });
      const reopened = await friend.api.post(`/api/prayer-requests/${id}/pray`);
      expect(reopened.json().request).toMatchObject({
        isPraying: true,
        prayingCount: 1,
        commitment: { cadence: 'once', running: true },
      });
      expect(await notesOf(creator.id, 'request_prayed')).toHaveLength(1);
    } finally {
      clock = before;
    }
  });

  it('refuses a bad cadence, unknown fields, the creator and anyone who cannot read it', async () => {
    const { creator, friends, id } = await circle('UTC');
    const stranger = await person(t.app);
    const bad = await friends[0]!.api.post(`/api/prayer-requests/${id}/pray`, {
      cadence: 'weekly',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("The cadence must be 'once', 'daily7' or 'untilAnswered'.");
    expect(
      (await friends[0]!.api.post(`/api/prayer-requests/${id}/pray`, { cadence: 'once', x: 1 }))
        .statusCode,
    ).toBe(400);
    expect(
      (await creator.api.post(`/api/prayer-requests/${id}/pray`, { cadence: 'daily7' })).statusCode,
    ).toBe(400);
    expect((await stranger.api.post(`/api/prayer-requests/${id}/pray`)).statusCode).toBe(404);
    expect((await read(creator, id)).prayingCount).toBe(0);
  });

  it("old marks (rows written before commitments) are 'once' commitments by the column's default", async () => {
    const { friends, id } = await circle('UTC');
    await t.db.db.insert(prayerRequestResponses).values({ requestId: id, userId: friends[0]!.id });
    const [row] = await t.db.db
      .select()
      .from(prayerRequestResponses)
      .where(eq(prayerRequestResponses.requestId, id));
    expect(row).toMatchObject({ cadence: 'once', endsOn: null, endedAt: null });
    expect((await read(friends[0]!, id)).commitment).toEqual({
      cadence: 'once',
      endsOn: null,
      running: true,
      daysLeft: null,
    });
  });
});

describe('POST /api/prayer-requests/:id/prayed', () => {
  it("records the event, ends a 'once' commitment but not a daily one, and counts this week's Prayed by friends", async () => {
    const { creator, friends, id } = await circle('UTC', 'UTC');
    const [once, daily] = friends as [Person, Person];
    await once.api.post(`/api/prayer-requests/${id}/pray`);
    await daily.api.post(`/api/prayer-requests/${id}/pray`, { cadence: 'daily7' });

    const res = await once.api.post(`/api/prayer-requests/${id}/prayed`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      kind: 'request',
      targetId: id,
      day: '2026-11-22',
      late: false,
      occurredAt: expect.any(String),
    });
    expect((await read(once, id)).commitment).toMatchObject({ cadence: 'once', running: false });
    await daily.api.post(`/api/prayer-requests/${id}/prayed`, { source: 'session' });
    expect((await read(daily, id)).commitment).toMatchObject({ running: true });
    // A late entry, and the creator's own Prayed (allowed, not counted as a friend's).
    const late = await daily.api.post(`/api/prayer-requests/${id}/prayed`, { day: '2026-11-20' });
    expect(late.json()).toMatchObject({ day: '2026-11-20', late: true });
    expect((await creator.api.post(`/api/prayer-requests/${id}/prayed`)).statusCode).toBe(201);

    const seen = await read(creator, id);
    expect(seen).toMatchObject({ prayingCount: 1, prayedThisWeek: 3 });
    expect(
      await t.db.db.$count(
        prayerEvents,
        and(eq(prayerEvents.requestId, id), eq(prayerEvents.source, 'session')),
      ),
    ).toBe(1);
    // A week later those three have left the window.
    const before = clock;
    clock = new Date(before.getTime() + 8 * DAY);
    try {
      expect((await read(creator, id)).prayedThisWeek).toBe(0);
    } finally {
      clock = before;
    }
  });

  it('"prayed N times this week" counts each person once per day of theirs: a burst is once, two days are twice', async () => {
    const { creator, friends, id } = await circle('America/Chicago', 'Pacific/Auckland');
    const [chicago, auckland] = friends as [Person, Person];
    const prayed = async (p: Person) =>
      expect((await p.api.post(`/api/prayer-requests/${id}/prayed`)).statusCode).toBe(201);
    const week = async () => (await read(creator, id)).prayedThisWeek;
    const before = clock;
    try {
      // Five Prayed from Chicago in one minute (21 November there): one.
      for (let i = 0; i < 5; i++) {
        clock = new Date(before.getTime() + i * 10_000);
        await prayed(chicago);
      }
      expect(await week()).toBe(1);
      // The next day in Chicago: twice.
      clock = new Date(before.getTime() + DAY);
      await prayed(chicago);
      await prayed(chicago);
      expect(await week()).toBe(2);
      // Auckland at 23:00 and at 00:30, 90 minutes apart: two of its own days, twice.
      clock = new Date('2026-11-23T10:00:00Z');
      await prayed(auckland);
      clock = new Date('2026-11-23T11:30:00Z');
      await prayed(auckland);
      expect(await week()).toBe(4);
    } finally {
      clock = before;
    }
  });

  it('answers 400 for a bad body or a day out of range, and 404 to whoever cannot read it, recording nothing', async () => {
    const { friends, id } = await circle('UTC');
    const stranger = await person(t.app);
    const cases: [unknown, string][] = [
      [{ day: '2026-11-23' }, 'A prayer can be recorded for today or up to 7 days back.'],
      [{ day: '2026-11-14' }, 'A prayer can be recorded for today or up to 7 days back.'],
      [{ day: '22/11/2026' }, 'Dates are written YYYY-MM-DD.'],
      [{ day: '2026-02-30' }, 'That date does not exist.'],
      [{ day: '2026-13-01' }, 'That date does not exist.'],
      [{ day: '2026-00-10' }, 'That date does not exist.'],
      [{ day: '0000-01-01' }, 'Dates go from 1900-01-01 to 9999-12-31.'],
      [{ source: 'email' }, "The source must be 'card', 'session' or 'push'."],
    ];
    for (const [body, message] of cases) {
      const res = await friends[0]!.api.post(`/api/prayer-requests/${id}/prayed`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      (await friends[0]!.api.post(`/api/prayer-requests/${id}/prayed`, { when: 'now' })).statusCode,
    ).toBe(400);
    expect((await stranger.api.post(`/api/prayer-requests/${id}/prayed`)).statusCode).toBe(404);
    expect(await t.db.db.$count(prayerEvents, eq(prayerEvents.requestId, id))).toBe(0);
  });
});

describe('updates and the answer', () => {
  it('an update notifies the running commitments only; the updates page and the request show it', async () => {
    const { creator, friends, id } = await circle('UTC', 'UTC', 'UTC', 'UTC');
    const [running, ended, expired, never] = friends as [Person, Person, Person, Person];
    await running.api.post(`/api/prayer-requests/${id}/pray`, { cadence: 'untilAnswered' });
    await ended.api.post(`/api/prayer-requests/${id}/pray`);
    await ended.api.post(`/api/prayer-requests/${id}/prayed`); // a 'once' ends here
    const before = clock;
    clock = new Date(before.getTime() - 10 * DAY);
    await expired.api.post(`/api/prayer-requests/${id}/pray`, { cadence: 'daily7' });
    clock = before;

    const posted = await creator.api.post(`/api/prayer-requests/${id}/updates`, {
      text: '  Second interview on Monday ',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({ text: 'Second interview on Monday' });
    const told = await notesOf(running.id, 'request_updated');
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toBe(
      'Ruth User posted an update on "New job": Second interview on Monday',
    );
    for (const p of [ended, expired, never, creator])
      expect(await notesOf(p.id, 'request_updated')).toHaveLength(0);

    for (let i = 2; i <= 3; i++)
      await creator.api.post(`/api/prayer-requests/${id}/updates`, { text: `Update ${i}` });
    expect(await read(never, id)).toMatchObject({
      updatesCount: 3,
      latestUpdate: { text: 'Update 3' },
    });
    const first = (await never.api.get(`/api/prayer-requests/${id}/updates?limit=2`)).json();
    expect(first.data.map((u: { text: string }) => u.text)).toEqual(['Update 3', 'Update 2']);
    const rest = (
      await never.api.get(`/api/prayer-requests/${id}/updates?limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(rest).toEqual({
      data: [expect.objectContaining({ text: 'Second interview on Monday' })],
      nextCursor: null,
    });
    expect((await never.api.get(`/api/prayer-requests/${id}/updates?cursor=junk`)).statusCode).toBe(
      400,
    );
  });

  it('only the creator posts updates, with text of 1 to 2000 characters', async () => {
    const { creator, friends, id } = await circle('UTC');
    const stranger = await person(t.app);
    expect(
      (await friends[0]!.api.post(`/api/prayer-requests/${id}/updates`, { text: 'Hi' })).statusCode,
    ).toBe(404);
    expect((await stranger.api.get(`/api/prayer-requests/${id}/updates`)).statusCode).toBe(404);
    for (const [body, message] of [
      [{ text: '   ' }, 'Please write your update.'],
      [{}, 'Please write your update.'],
      [{ text: 'x'.repeat(2001) }, 'An update must be 2000 characters or less.'],
    ] as const) {
      const res = await creator.api.post(`/api/prayer-requests/${id}/updates`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await read(creator, id)).updatesCount).toBe(0);
  });

  it('the answer ends every commitment and tells everyone who committed, with the testimony; then it is closed', async () => {
    const { creator, friends, id } = await circle('UTC', 'UTC', 'UTC');
    const [running, ended, never] = friends as [Person, Person, Person];
    await running.api.post(`/api/prayer-requests/${id}/pray`, { cadence: 'daily7' });
    await ended.api.post(`/api/prayer-requests/${id}/pray`);
    await ended.api.delete(`/api/prayer-requests/${id}/pray`);

    expect(
      (await running.api.post(`/api/prayer-requests/${id}/answered`, { testimony: 'Mine' }))
        .statusCode,
    ).toBe(404);
    for (const [body, message] of [
      [{ testimony: ' ' }, 'Please enter your testimony before submitting.'],
      [{ testimony: 'x'.repeat(2001) }, 'Testimony must be 2000 characters or less.'],
    ] as const) {
      const res = await creator.api.post(`/api/prayer-requests/${id}/answered`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }

    const answered = await creator.api.post(`/api/prayer-requests/${id}/answered`, {
      testimony: ' She got the job! ',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({
      status: 'answered',
      answeredAt: clock.toISOString(),
      testimony: 'She got the job!',
      prayingCount: 0,
    });
    expect((await read(running, id)).commitment).toMatchObject({ running: false });
    for (const p of [running, ended]) {
      const told = await notesOf(p.id, 'request_answered');
      expect(told).toHaveLength(1);
      expect(told[0]!.message).toBe(
        'Ruth User\'s request "New job" was answered: She got the job!',
      );
    }
    expect(await notesOf(never.id, 'request_answered')).toHaveLength(0);

    for (const [who, url, body] of [
      [creator, 'answered', { testimony: 'Again' }],
      [creator, 'updates', { text: 'Later' }],
      [never, 'pray', { cadence: 'once' }],
      [running, 'prayed', {}],
    ] as const) {
      const res = await who.api.post(`/api/prayer-requests/${id}/${url}`, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('This prayer request has already been answered.');
    }
  });
});

describe('deleting and unfriending end what a commitment gives', () => {
  it('a deleted request takes its commitments with it and tells no one', async () => {
    const { creator, friends, id } = await circle('UTC');
    await friends[0]!.api.post(`/api/prayer-requests/${id}/pray`, { cadence: 'untilAnswered' });
    expect((await creator.api.delete(`/api/prayer-requests/${id}`)).statusCode).toBe(204);
    expect(
      await t.db.db.$count(prayerRequestResponses, eq(prayerRequestResponses.requestId, id)),
    ).toBe(0);
    expect(
      await t.db.db.$count(
        notifications,
        and(
          eq(notifications.userId, friends[0]!.id),
          inArray(notifications.type, ['request_answered', 'request_updated']),
        ),
      ),
    ).toBe(0);
    expect((await friends[0]!.api.post(`/api/prayer-requests/${id}/prayed`)).statusCode).toBe(404);
    expect((await friends[0]!.api.get(`/api/prayer-requests/${id}/updates`)).statusCode).toBe(404);
  });

  it('an ex-friend’s commitment no longer counts: not read, not prayed, not told of updates or the answer', async () => {
    const { creator, friends, id } = await circle('UTC', 'UTC');
    const [ex, stays] = friends as [Person, Person];
    await ex.api.post(`/api/prayer-requests/${id}/pray`, { cadence: 'untilAnswered' });
    await stays.api.post(`/api/prayer-requests/${id}/pray`, { cadence: 'untilAnswered' });
    expect((await creator.api.delete(`/api/friends/${ex.id}`)).statusCode).toBe(204);

    expect((await ex.api.get(`/api/prayer-requests/${id}`)).statusCode).toBe(404);
    expect((await ex.api.get(`/api/prayer-requests/${id}/updates`)).statusCode).toBe(404);
    expect((await ex.api.post(`/api/prayer-requests/${id}/prayed`)).statusCode).toBe(404);
    expect((await ex.api.post(`/api/prayer-requests/${id}/pray`)).statusCode).toBe(404);
    await creator.api.post(`/api/prayer-requests/${id}/updates`, { text: 'News' });
    await creator.api.post(`/api/prayer-requests/${id}/answered`, { testimony: 'Thanks' });
    expect(await notesOf(ex.id, 'request_updated')).toHaveLength(0);
    expect(await notesOf(ex.id, 'request_answered')).toHaveLength(0);
    expect(await notesOf(stays.id, 'request_updated')).toHaveLength(1);
    expect(await notesOf(stays.id, 'request_answered')).toHaveLength(1);
  });
});
