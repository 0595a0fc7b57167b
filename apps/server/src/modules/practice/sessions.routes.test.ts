import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PraySession } from '@selah/shared/schemas/practice';
import { prayerEvents, prayerRequestResponses, prayers, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { befriend, person, type Person } from '../../../test/people.ts';
import { setPlan } from '../../../test/plans.ts';

/**
 * GET /api/pray/session: what enters a session (own, commitments, groups; never what the access
 * policy hides), its order, its rotation, due=1, and the remembered size. The clock is fixed so
 * "today" is known: Wednesday 25 November 2026 in UTC (the users' zone).
 */
const NOW = new Date('2026-11-25T08:00:00Z');
const TODAY = '2026-11-25';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
});
afterAll(async () => {
  await t?.close();
});

async function journal(p: Person, isPrivate = true): Promise<string> {
  const res = await p.api.post('/api/journals', {
    title: `${p.id.slice(0, 4)} journal`,
    isPrivate,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

async function prayer(
  p: Person,
  journalId: string,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await p.api.post('/api/prayers', { title, journal: journalId, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

async function request(p: Person, title: string, isPrivate = false): Promise<string> {
  const res = await p.api.post('/api/prayer-requests', { title, isPrivate });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

async function session(p: Person, query = ''): Promise<PraySession> {
  const res = await p.api.get(`/api/pray/session${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PraySession>();
}

const titles = (s: PraySession) => s.items.map((i) => i.title);

async function prayedAt(
  userId: string,
  target: { prayerId: string } | { requestId: string },
  at: Date,
) {
  await t.db.db
    .insert(prayerEvents)
    .values({ userId, ...target, day: at.toISOString().slice(0, 10), occurredAt: at });
}

describe('GET /api/pray/session: what enters a session', () => {
  let me: Person;
  let friend: Person;
  let member: Person;
  let exFriend: Person;
  let groupName: string;

  beforeAll(async () => {
    [me, friend, member, exFriend] = await Promise.all([
      person(t.app, 'Mia'),
      person(t.app, 'Fred'),
      person(t.app, 'Gil'),
      person(t.app, 'Xena'),
    ]);
    await setPlan(t.db, [member.id], 'premium');
    await befriend(me, friend);
    await befriend(me, exFriend);
    const mine = await journal(me);
    await prayer(me, mine, 'Own pending', {
      memoryVerse: { verse: 'Be still', reference: 'Ps 46:10' },
    });
    const answered = await prayer(me, mine, 'Own answered');
    expect(
      (await me.api.put(`/api/prayers/${answered}/status`, { isAnswered: true })).statusCode,
    ).toBe(200);
    const snoozed = await prayer(me, mine, 'Own snoozed');
    await t.db.db.update(prayers).set({ snoozeUntil: '2026-11-26' }).where(eq(prayers.id, snoozed));
    const snoozeOver = await prayer(me, mine, 'Own snooze over');
    await t.db.db.update(prayers).set({ snoozeUntil: TODAY }).where(eq(prayers.id, snoozeOver));

    // Friends' requests: committed and running; committed but ended, expired; not committed;
    // answered; and a request of someone who is no longer a friend.
    const running = await request(friend, 'Friend running');
    const ended = await request(friend, 'Friend ended');
    const expired = await request(friend, 'Friend expired');
    await request(friend, 'Friend not committed');
    const answeredRequest = await request(friend, 'Friend answered');
    const unfriended = await request(exFriend, 'Ex-friend running');
    for (const id of [running, ended, expired, answeredRequest, unfriended])
      expect((await me.api.post(`/api/prayer-requests/${id}/pray`)).statusCode).toBe(200);
    await t.db.db
      .update(prayerRequestResponses)
      .set({ endedAt: NOW })
      .where(eq(prayerRequestResponses.requestId, ended));
    await t.db.db
      .update(prayerRequestResponses)
      .set({ cadence: 'daily7', endsOn: '2026-11-24' })
      .where(eq(prayerRequestResponses.requestId, expired));
    await t.db.db.execute(
      sql`update prayer_requests set status = 'answered', answered_at = now() where id = ${answeredRequest}`,
    );
    expect((await me.api.delete(`/api/friends/${exFriend.id}`)).statusCode).toBe(204);

    // A group around a public journal: its public prayers, never a private one.
    const groupJournal = await journal(member, false);
    await prayer(member, groupJournal, 'Group public', { isPrivate: false });
    await prayer(member, groupJournal, 'Group private', { isPrivate: true });
    const answeredGroup = await prayer(member, groupJournal, 'Group answered', {
      isPrivate: false,
    });
    await member.api.put(`/api/prayers/${answeredGroup}/status`, { isAnswered: true });
    groupName = 'Dawn circle';
    const group = await member.api.post('/api/prayer-groups', {
      name: groupName,
      description: 'Together',
      journalId: groupJournal,
    });
    expect(group.statusCode, group.body).toBe(201);
    expect(
      (await me.api.post(`/api/prayer-groups/${group.json().data._id}/join`)).statusCode,
    ).toBeLessThan(300);
    // A group the user did not join shows nothing.
    const otherJournal = await journal(member, false);
    await prayer(member, otherJournal, 'Not my group', { isPrivate: false });
    await member.api.post('/api/prayer-groups', {
      name: 'Elsewhere',
      description: 'Not joined',
      journalId: otherJournal,
    });
  });

  it('holds own pending prayers, running commitments the user may read, and group prayers', async () => {
    const s = await session(me, '?size=20');
    expect(titles(s).sort()).toEqual(
      ['Friend running', 'Group public', 'Own pending', 'Own snooze over'].sort(),
    );
    const byTitle = Object.fromEntries(s.items.map((i) => [i.title, i]));
    expect(byTitle['Own pending']).toMatchObject({
      kind: 'prayer',
      source: 'own',
      verse: { verse: 'Be still', reference: 'Ps 46:10' },
      askedBy: null,
      lastPrayedAt: null,
      prayedCount: 0,
    });
    expect(byTitle['Friend running']).toMatchObject({
      kind: 'request',
      source: 'commitment',
      askedBy: { id: friend.id, name: expect.stringContaining('Fred') },
      verse: null,
      // A running commitment not yet prayed today is due.
      due: true,
    });
    expect(byTitle['Group public']).toMatchObject({ source: 'group', groupName, due: false });
    expect(s.size).toBe(20);
  });

  it('shows a friend as the access policy lets the user see them (a private profile too: friends see it)', async () => {
    await t.db.db.execute(
      sql`update users set settings = jsonb_set(settings, '{privacy,profileVisibility}', '"private"') where id = ${friend.id}`,
    );
    const s = await session(me, '?size=20');
    expect(s.items.find((i) => i.kind === 'request')?.askedBy?.id).toBe(friend.id);
  });

  it('never shows another user the group member’s private prayers', async () => {
    const s = await session(member, '?size=20');
    // The member's own prayers, private ones too, are theirs; nothing of the user's.
    expect(titles(s)).not.toContain('Own pending');
    const others = await session(friend, '?size=20');
    expect(titles(others)).toEqual([]);
  });
});

describe('GET /api/pray/session: groups and commitments over time', () => {
  it('shows a group’s prayers only while the user may read its journal and is a member', async () => {
    const [me, owner] = await Promise.all([person(t.app, 'Jo'), person(t.app, 'Ann')]);
    await setPlan(t.db, [owner.id], 'premium');
    const closed = await journal(owner, true);
    await prayer(owner, closed, 'Behind a private journal', { isPrivate: false });
    const open = await journal(owner, false);
    await prayer(owner, open, 'In the open', { isPrivate: false });
    const groupOf = async (journalId: string) => {
      const res = await owner.api.post('/api/prayer-groups', {
        name: `Group ${journalId.slice(0, 4)}`,
        description: 'Praying',
        journalId,
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().data._id as string;
      expect((await me.api.post(`/api/prayer-groups/${id}/join`)).statusCode).toBeLessThan(300);
      return id;
    };
    await groupOf(closed);
    const openGroup = await groupOf(open);
    expect(titles(await session(me, '?size=20'))).toEqual(['In the open']);
    expect((await me.api.post(`/api/prayer-groups/${openGroup}/leave`)).statusCode).toBeLessThan(
      300,
    );
    expect(titles(await session(me, '?size=20'))).toEqual([]);
  });

  it('a commitment is due until prayed today; due=1 then leaves it out, the session keeps it', async () => {
    const [me, friend] = await Promise.all([person(t.app, 'Cy'), person(t.app, 'Di')]);
    await befriend(me, friend);
    const id = await request(friend, 'Surgery on Friday');
    expect((await me.api.post(`/api/prayer-requests/${id}/pray`)).statusCode).toBe(200);
    await t.db.db
      .update(prayerRequestResponses)
      .set({ cadence: 'daily7', endsOn: '2026-12-01' })
      .where(eq(prayerRequestResponses.requestId, id));
    expect(titles(await session(me, '?due=1'))).toEqual(['Surgery on Friday']);
    await prayedAt(me.id, { requestId: id }, new Date('2026-11-25T07:30:00Z'));
    expect(titles(await session(me, '?due=1'))).toEqual([]);
    const all = await session(me);
    expect(all.items).toEqual([
      expect.objectContaining({ title: 'Surgery on Friday', due: false, prayedCount: 1 }),
    ]);
  });
});

describe('GET /api/pray/session: order, rotation, due=1', () => {
  it('puts due items first, then urgent, then least recently prayed (never first)', async () => {
    const me = await person(t.app, 'Ord');
    const j = await journal(me);
    const old = await prayer(me, j, 'Prayed long ago');
    const recent = await prayer(me, j, 'Prayed yesterday');
    await prayer(me, j, 'Never prayed');
    const urgent = await prayer(me, j, 'Urgent');
    const daily = await prayer(me, j, 'Daily');
    const dailyDone = await prayer(me, j, 'Daily, prayed today');
    const weekly = await prayer(me, j, 'Weekly on Wednesday');
    await t.db.db.update(prayers).set({ urgent: true }).where(eq(prayers.id, urgent));
    await t.db.db
      .update(prayers)
      .set({ rhythmKind: 'daily' })
      .where(inArray(prayers.id, [daily, dailyDone]));
    await t.db.db
      .update(prayers)
      .set({ rhythmKind: 'weekly', rhythmDays: [3] })
      .where(eq(prayers.id, weekly));
    await prayedAt(me.id, { prayerId: old }, new Date('2026-10-01T08:00:00Z'));
    await prayedAt(me.id, { prayerId: recent }, new Date('2026-11-24T08:00:00Z'));
    await prayedAt(me.id, { prayerId: dailyDone }, new Date('2026-11-25T07:00:00Z'));

    const s = await session(me, '?size=10');
    expect(titles(s).slice(0, 2).sort()).toEqual(['Daily', 'Weekly on Wednesday']);
    expect(s.items.slice(0, 2).every((i) => i.due)).toBe(true);
    expect(titles(s).slice(2)).toEqual([
      'Urgent',
      'Never prayed',
      'Prayed long ago',
      'Prayed yesterday',
      'Daily, prayed today',
    ]);
    expect(s.items.find((i) => i.title === 'Prayed yesterday')).toMatchObject({
      prayedCount: 1,
      lastPrayedAt: '2026-11-24T08:00:00.000Z',
    });

    const due = await session(me, '?size=10&due=1');
    expect(titles(due).sort()).toEqual(['Daily', 'Weekly on Wednesday']);
  });

  it('rotates: successive sessions of 5 on 10 never-prayed items show all 10 before repeating', async () => {
    const me = await person(t.app, 'Rot');
    const j = await journal(me);
    for (let n = 0; n < 10; n++) await prayer(me, j, `Item ${n}`);
    const first = titles(await session(me, '?size=5'));
    const second = titles(await session(me, '?size=5'));
    const third = titles(await session(me, '?size=5'));
    expect(first).toHaveLength(5);
    expect(second).toHaveLength(5);
    expect(new Set([...first, ...second]).size).toBe(10);
    expect(third).toEqual(first);
    // Sizes that do not divide the number of items rotate too.
    const a = titles(await session(me, '?size=3'));
    const b = titles(await session(me, '?size=3'));
    const c = titles(await session(me, '?size=3'));
    const d = titles(await session(me, '?size=3'));
    expect(new Set([...a, ...b, ...c, ...d]).size).toBe(10);
  });

  it('is empty, not an error, when there is nothing to pray', async () => {
    const me = await person(t.app, 'Empty');
    expect(await session(me)).toEqual({ items: [], size: 5 });
    expect(await session(me, '?due=1')).toEqual({ items: [], size: 5 });
  });
});

describe('GET /api/pray/session: size', () => {
  it('is 5 when never chosen, and remembers a size given', async () => {
    const me = await person(t.app, 'Size');
    const j = await journal(me);
    for (let n = 0; n < 8; n++) await prayer(me, j, `P${n}`);
    expect((await session(me)).items).toHaveLength(5);
    expect((await session(me, '?size=7')).items).toHaveLength(7);
    const again = await session(me);
    expect(again.size).toBe(7);
    expect(again.items).toHaveLength(7);
    const [row] = await t.db.db
      .select({ settings: users.settings })
      .from(users)
      .where(eq(users.id, me.id));
    expect(row!.settings.prayerSessionSize).toBe(7);
    // The settings the user reads stay valid.
    expect((await me.api.get('/api/auth/me')).statusCode).toBe(200);
  });

  it.each(['0', '21', '2.5', 'five', '-1'])(
    'answers 400 with a clear message for size=%s',
    async (size) => {
      const me = await person(t.app, 'Bad');
      const res = await me.api.get(`/api/pray/session?size=${size}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('A session has from 1 to 20 items.');
    },
  );

  it('answers 400 for a due flag other than 0 or 1, and for unknown parameters', async () => {
    const me = await person(t.app, 'Flag');
    const res = await me.api.get('/api/pray/session?due=yes');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('due must be 0 or 1.');
    expect((await me.api.get('/api/pray/session?limit=3')).statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/pray/session' });
    expect(res.statusCode).toBe(401);
  });
});
