import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  friendRequests,
  friendships,
  journalMembers,
  journals,
  notifications,
  prayerActivity,
  prayerEvents,
  prayerGroupInvites,
  prayerGroupMembers,
  prayerGroups,
  prayerRequestResponses,
  prayerRequests,
  prayers,
  users,
} from '../src/db/schema/index.ts';
import { UserSettingsSchema } from '@selah/shared/schemas/auth';
import { localDate } from '../src/lib/time-zone.ts';
import { ANSWERED_MESSAGE } from '../src/modules/prayer-requests/prayer-requests.service.ts';
import { bearer, buildTestApp, STRONG_PASSWORD, type TestApp } from './build-test-app.ts';
import { befriend, person, type Person } from './people.ts';
import { setPlan } from './plans.ts';

/**
 * Requests in parallel do what one would do (issue 28 §4, docs/decisions/056): the same write
 * sent 6 times at once through the real app changes the database once and tells people once;
 * the others answer as a second request sent after the first would. On PostgreSQL the requests
 * run on separate pool connections, so the races are real; on PGlite (one connection) they run
 * one after another, and the same assertions hold.
 */
let t: TestApp;
const N = 6;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const times = <T>(n: number, send: () => Promise<T>) =>
  Promise.all(Array.from({ length: n }, send));
const codes = (answers: LightMyRequestResponse[]) => answers.map((a) => a.statusCode).sort();

const noticesOf = (userId: string, type: string) =>
  t.db.db.$count(
    notifications,
    and(eq(notifications.userId, userId), eq(notifications.type, type as 'reminder')),
  );
const activityOf = (userId: string, kind: string) =>
  t.db.db.$count(
    prayerActivity,
    and(eq(prayerActivity.userId, userId), eq(prayerActivity.kind, kind as 'testimony')),
  );
const journalRow = async (id: string) =>
  (await t.db.db.select().from(journals).where(eq(journals.id, id)))[0]!;

/** A creator's public request, with `n` friends committed to it. */
async function requestWithCommitters(n: number) {
  const creator = await person(t.app, 'Ruth');
  const friends: Person[] = [];
  for (let i = 0; i < n; i++) {
    const friend = await person(t.app, 'Eli');
    await befriend(creator, friend);
    friends.push(friend);
  }
  const res = await creator.api.post('/api/prayer-requests', {
    title: 'New job',
    isPrivate: false,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ _id: string }>()._id;
  for (const f of friends)
    expect((await f.api.post(`/api/prayer-requests/${id}/pray`)).statusCode).toBe(200);
  return { creator, friends, id };
}

describe('prayer requests', () => {
  it('answered at once: one answers, the others hear it is answered; each committer is told once', async () => {
    const { creator, friends, id } = await requestWithCommitters(2);
    const answers = await times(N, () =>
      creator.api.post(`/api/prayer-requests/${id}/answered`, { testimony: 'She got the job!' }),
    );
    expect(codes(answers)).toEqual([200, ...Array<number>(N - 1).fill(400)]);
    for (const refused of answers.filter((a) => a.statusCode === 400))
      expect(refused.json().message).toBe(ANSWERED_MESSAGE);
    for (const f of friends) expect(await noticesOf(f.id, 'request_answered')).toBe(1);
    const [row] = await t.db.db.select().from(prayerRequests).where(eq(prayerRequests.id, id));
    expect(row).toMatchObject({ status: 'answered', testimony: 'She got the job!' });
  });

  it('committed to at once: one commitment, one notice and one activity row', async () => {
    const { creator, friends, id } = await requestWithCommitters(0);
    const friend = await person(t.app, 'Eli');
    await befriend(creator, friend);
    friends.push(friend);
    const answers = await times(N, () =>
      friend.api.post(`/api/prayer-requests/${id}/pray`, { cadence: 'daily7' }),
    );
    expect(codes(answers)).toEqual(Array(N).fill(200));
    expect(
      await t.db.db.$count(prayerRequestResponses, eq(prayerRequestResponses.requestId, id)),
    ).toBe(1);
    expect(await noticesOf(creator.id, 'request_prayed')).toBe(1);
    expect(await activityOf(friend.id, 'prayed_for_request')).toBe(1);
    // Undo ("stop praying") at once: every answer is the ended commitment.
    const undone = await times(N, () => friend.api.delete(`/api/prayer-requests/${id}/pray`));
    expect(codes(undone)).toEqual(Array(N).fill(200));
    for (const a of undone) expect(a.json().request.isPraying).toBe(false);
  });

  it('committed to while being answered: the committer is refused, or hears the answer and is released', async () => {
    for (let round = 0; round < 5; round++) {
      const { creator, friends, id } = await requestWithCommitters(1);
      const late = await person(t.app, 'Late');
      await befriend(creator, late);
      const [answered, ...commits] = await Promise.all([
        creator.api.post(`/api/prayer-requests/${id}/answered`, { testimony: 'Done' }),
        ...Array.from({ length: 3 }, () => late.api.post(`/api/prayer-requests/${id}/pray`)),
      ]);
      expect(answered.statusCode).toBe(200);
      expect(await noticesOf(friends[0]!.id, 'request_answered')).toBe(1);
      const committed = commits.some((c) => c.statusCode === 200);
      for (const c of commits) {
        if (c.statusCode !== 200) expect(c.json().message).toBe(ANSWERED_MESSAGE);
      }
      // Who committed before the answer hears it, and no commitment runs on an answered request.
      expect(await noticesOf(late.id, 'request_answered')).toBe(committed ? 1 : 0);
      const running = await t.db.db
        .select()
        .from(prayerRequestResponses)
        .where(
          and(
            eq(prayerRequestResponses.requestId, id),
            sql`${prayerRequestResponses.endedAt} is null`,
          ),
        );
      expect(running).toEqual([]);
    }
  });

  it('updated while being answered: an update is refused, or its committers hear it before the answer', async () => {
    for (let round = 0; round < 5; round++) {
      const { creator, friends, id } = await requestWithCommitters(1);
      const [answered, ...updates] = await Promise.all([
        creator.api.post(`/api/prayer-requests/${id}/answered`, { testimony: 'Done' }),
        ...Array.from({ length: N }, (_, i) =>
          creator.api.post(`/api/prayer-requests/${id}/updates`, { text: `News ${i}` }),
        ),
      ]);
      expect(answered.statusCode).toBe(200);
      for (const u of updates) {
        if (u.statusCode !== 201) expect(u.json().message).toBe(ANSWERED_MESSAGE);
      }
      // An update posted is one made while the request was pending: its committers were told.
      const posted = updates.filter((u) => u.statusCode === 201).length;
      expect(await noticesOf(friends[0]!.id, 'request_updated')).toBe(posted);
    }
  });

  it('shared with the same friends at once: the shares as sent, each friend told once', async () => {
    const creator = await person(t.app, 'Ruth');
    const friend = await person(t.app, 'Eli');
    await befriend(creator, friend);
    const id = (await creator.api.post('/api/prayer-requests', { title: 'Quiet' })).json()
      ._id as string;
    const answers = await times(N, () =>
      creator.api.put(`/api/prayer-requests/${id}`, { sharedWith: [friend.id] }),
    );
    expect(codes(answers), answers.map((a) => a.body).join('\n')).toEqual(Array(N).fill(200));
    for (const a of answers) expect(a.json().sharedWith).toEqual([friend.id]);
    expect(await noticesOf(friend.id, 'request_shared')).toBe(1);
  });
});

describe('prayers', () => {
  it('answered, un-answered and deleted at once: the journal counters move once, members are told once', async () => {
    const author = await person(t.app, 'Hannah');
    const member = await person(t.app, 'Eli');
    const journal = (
      await author.api.post('/api/journals', { title: 'Open', isPrivate: false })
    ).json()._id as string;
    expect((await member.api.post(`/api/journals/${journal}/join`)).statusCode).toBe(200);
    const id = (
      await author.api.post('/api/prayers', { title: 'For a son', journal, isPrivate: false })
    ).json()._id as string;

    const answered = await times(N, () =>
      author.api.put(`/api/prayers/${id}/status`, { isAnswered: true }),
    );
    expect(codes(answered)).toEqual(Array(N).fill(200));
    expect(await journalRow(journal)).toMatchObject({
      prayerCount: 1,
      answeredCount: 1,
      publicPrayerCount: 1,
      publicAnsweredCount: 1,
    });
    expect(await activityOf(author.id, 'prayer_answered')).toBe(1);
    expect(await noticesOf(member.id, 'prayer_answered')).toBe(1);

    const reopened = await times(N, () =>
      author.api.put(`/api/prayers/${id}/status`, { isAnswered: false }),
    );
    expect(codes(reopened)).toEqual(Array(N).fill(200));
    expect(await journalRow(journal)).toMatchObject({ prayerCount: 1, answeredCount: 0 });

    const made = await times(N, () => author.api.put(`/api/prayers/${id}`, { isPrivate: true }));
    expect(codes(made)).toEqual(Array(N).fill(200));
    expect(await journalRow(journal)).toMatchObject({ prayerCount: 1, publicPrayerCount: 0 });

    const deleted = await times(N, () => author.api.delete(`/api/prayers/${id}`));
    expect(codes(deleted)).toEqual([204, ...Array<number>(N - 1).fill(404)]);
    expect(await journalRow(journal)).toMatchObject({
      prayerCount: 0,
      answeredCount: 0,
      publicPrayerCount: 0,
      publicAnsweredCount: 0,
    });
  });
});

describe('friends', () => {
  it('a request accepted at once: one friendship, one notice; the others find it no longer pending', async () => {
    const [a, b] = await Promise.all([person(t.app, 'Ann'), person(t.app, 'Bob')]);
    expect((await a.api.post(`/api/friends/request/${b.id}`)).statusCode).toBe(201);
    const [request] = await t.db.db
      .select()
      .from(friendRequests)
      .where(eq(friendRequests.requesterId, a.id));
    const answers = await times(N, () => b.api.put(`/api/friends/accept/${request!.id}`));
    expect(codes(answers)).toEqual([200, ...Array<number>(N - 1).fill(409)]);
    expect(await t.db.db.$count(friendships, eq(friendships.userId, a.id))).toBe(1);
    expect(await noticesOf(a.id, 'friend_accepted')).toBe(1);
  });

  it('two people asking each other at once become friends, as when one asks after the other', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = await Promise.all([person(t.app, 'Ann'), person(t.app, 'Bob')]);
      const answers = await Promise.all([
        a.api.post(`/api/friends/request/${b.id}`),
        b.api.post(`/api/friends/request/${a.id}`),
      ]);
      expect(codes(answers), answers.map((r) => r.body).join()).toEqual([200, 201]);
      expect(await t.db.db.$count(friendships, eq(friendships.userId, a.id))).toBe(1);
      expect(
        await t.db.db.$count(
          friendRequests,
          and(
            inArray(friendRequests.requesterId, [a.id, b.id]),
            eq(friendRequests.status, 'pending'),
          ),
        ),
      ).toBe(0);
      expect(
        (await noticesOf(a.id, 'friend_accepted')) + (await noticesOf(b.id, 'friend_accepted')),
      ).toBe(1);
    }
  });
});

describe('journals and groups', () => {
  it('a public journal joined at once: one membership, one notice, the count moves once', async () => {
    const owner = await person(t.app, 'Lydia');
    const joiner = await person(t.app, 'Paul');
    const journal = (
      await owner.api.post('/api/journals', { title: 'Open', isPrivate: false })
    ).json()._id as string;
    const answers = await times(N, () => joiner.api.post(`/api/journals/${journal}/join`));
    expect(codes(answers)).toEqual(Array(N).fill(200));
    expect(answers.filter((a) => a.json().message === 'You joined the journal.')).toHaveLength(1);
    expect(await t.db.db.$count(journalMembers, eq(journalMembers.journalId, journal))).toBe(2);
    expect((await journalRow(journal)).memberCount).toBe(2);
    expect(await noticesOf(owner.id, 'journal_joined')).toBe(1);
  });

  async function group(admin: Person, isPublic: boolean) {
    await setPlan(t.db, admin.id, 'premium');
    const journal = (await admin.api.post('/api/journals', { title: 'G', isPrivate: false })).json()
      ._id as string;
    const res = await admin.api.post('/api/prayer-groups', {
      name: 'Tuesday',
      description: 'We pray',
      journalId: journal,
      isPublic,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: { _id: string } }>().data._id;
  }
  const groupRow = async (id: string) =>
    (await t.db.db.select().from(prayerGroups).where(eq(prayerGroups.id, id)))[0]!;

  it('a group joined at once, and an invitation accepted at once: one membership, one notice each', async () => {
    const admin = await person(t.app, 'Priscilla');
    const open = await group(admin, true);
    const joiner = await person(t.app, 'Aquila');
    const joined = await times(N, () => joiner.api.post(`/api/prayer-groups/${open}/join`));
    expect(codes(joined), joined[0]!.body).toEqual(Array(N).fill(200));
    expect((await groupRow(open)).memberCount).toBe(2);
    expect(await t.db.db.$count(prayerGroupMembers, eq(prayerGroupMembers.groupId, open))).toBe(2);
    expect(await noticesOf(admin.id, 'group_joined')).toBe(1);

    const closed = await group(admin, false);
    const invited = await person(t.app, 'Apollos');
    await befriend(admin, invited);
    const invite = await admin.api.post(`/api/prayer-groups/${closed}/invite`, {
      userIds: [invited.id],
    });
    expect(invite.statusCode, invite.body).toBe(200);
    const accepted = await times(N, () => invited.api.post(`/api/prayer-groups/${closed}/join`));
    expect(codes(accepted)).toEqual(Array(N).fill(200));
    expect((await groupRow(closed)).memberCount).toBe(2);
    expect(await t.db.db.$count(prayerGroupInvites, eq(prayerGroupInvites.groupId, closed))).toBe(
      0,
    );
    expect(await noticesOf(admin.id, 'group_joined')).toBe(2);
  });

  /** Four new people in a group Ann created (Ann its admin, the others members). */
  const groupOfFour = async () => {
    const [a, b, c, d] = await Promise.all([
      person(t.app, 'Ann'),
      person(t.app, 'Bob'),
      person(t.app, 'Cy'),
      person(t.app, 'Di'),
    ]);
    const id = await group(a, true);
    for (const p of [b, c, d])
      expect((await p.api.post(`/api/prayer-groups/${id}/join`)).statusCode).toBe(200);
    return { a, b, c, d, id };
  };

  it('its last two admins leaving, stepping down or removing each other at once: one admin stays', async () => {
    const adminsOf = (id: string) =>
      t.db.db.$count(
        prayerGroupMembers,
        and(eq(prayerGroupMembers.groupId, id), eq(prayerGroupMembers.role, 'admin')),
      );
    for (let round = 0; round < 3; round++) {
      const { a, b, c, id } = await groupOfFour();
      const promote = (p: Person) =>
        a.api.put(`/api/prayer-groups/${id}/members/${p.id}`, { role: 'admin' });
      expect((await promote(b)).statusCode).toBe(200);

      // Leaving: the second is asked to hand over first, as it would be after the first left.
      const left = await Promise.all([
        a.api.post(`/api/prayer-groups/${id}/leave`),
        b.api.post(`/api/prayer-groups/${id}/leave`),
      ]);
      expect(codes(left)).toEqual([200, 400]);
      expect(await adminsOf(id)).toBe(1);
      expect((await groupRow(id)).memberCount).toBe(3);

      // Stepping down: the second is told a group needs an admin.
      const stays = left[0].statusCode === 200 ? b : a;
      const other = c;
      expect(
        (await stays.api.put(`/api/prayer-groups/${id}/members/${other.id}`, { role: 'admin' }))
          .statusCode,
      ).toBe(200);
      const stepped = await Promise.all([
        stays.api.put(`/api/prayer-groups/${id}/members/${stays.id}`, { role: 'member' }),
        other.api.put(`/api/prayer-groups/${id}/members/${other.id}`, { role: 'member' }),
      ]);
      expect(codes(stepped)).toEqual([200, 400]);
      expect(await adminsOf(id)).toBe(1);
    }
  });

  it('two admins removing each other at once: one is removed, the other is no longer an admin to do it', async () => {
    for (let round = 0; round < 3; round++) {
      const { a, b, c, id } = await groupOfFour();
      for (const p of [b, c])
        expect(
          (await a.api.put(`/api/prayer-groups/${id}/members/${p.id}`, { role: 'admin' }))
            .statusCode,
        ).toBe(200);
      expect((await a.api.post(`/api/prayer-groups/${id}/leave`)).statusCode).toBe(200);
      const removed = await Promise.all([
        b.api.delete(`/api/prayer-groups/${id}/members/${c.id}`),
        c.api.delete(`/api/prayer-groups/${id}/members/${b.id}`),
      ]);
      expect(codes(removed)).toEqual([204, 403]);
      expect(
        await t.db.db.$count(
          prayerGroupMembers,
          and(eq(prayerGroupMembers.groupId, id), eq(prayerGroupMembers.role, 'admin')),
        ),
      ).toBe(1);
      expect((await groupRow(id)).memberCount).toBe(2);
    }
  });
});

describe('Prayed', () => {
  it('the same Prayed tapped at once: recorded once, every answer is that one (a prayer, a request)', async () => {
    const u = await person(t.app, 'Anna');
    const friend = await person(t.app, 'Eli');
    await befriend(u, friend);
    const journal = (await u.api.post('/api/journals', { title: 'J' })).json()._id as string;
    const prayer = (await u.api.post('/api/prayers', { title: 'P', journal })).json()._id as string;
    const request = (
      await u.api.post('/api/prayer-requests', { title: 'New job', isPrivate: false })
    ).json()._id as string;
    const [onPrayer, onRequest] = await Promise.all([
      times(N, () => u.api.post(`/api/prayers/${prayer}/prayed`)),
      times(N, () => friend.api.post(`/api/prayer-requests/${request}/prayed`)),
    ]);
    for (const answers of [onPrayer, onRequest]) {
      expect(codes(answers)).toEqual(Array(N).fill(201));
      expect(new Set(answers.map((a) => a.json<{ id: string }>().id)).size).toBe(1);
    }
    expect(await t.db.db.$count(prayerEvents, eq(prayerEvents.prayerId, prayer))).toBe(1);
    expect(await t.db.db.$count(prayerEvents, eq(prayerEvents.requestId, request))).toBe(1);
  });
});

describe('the digest’s push actions and notifications', () => {
  it('"I prayed" tapped at once records each due item once; Snooze at once snoozes once', async () => {
    const u = await person(t.app, 'Anna');
    const journal = (await u.api.post('/api/journals', { title: 'J' })).json()._id as string;
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const id = (await u.api.post('/api/prayers', { title: `P${i}`, journal })).json()
        ._id as string;
      expect((await u.api.put(`/api/prayers/${id}/rhythm`, { kind: 'daily' })).statusCode).toBe(
        200,
      );
      ids.push(id);
    }
    const [row] = await t.db.db.select().from(users).where(eq(users.id, u.id));
    const token = await t.app.services.digest.tokenFor(row!, localDate(new Date(), 'UTC'));
    const act = (action: 'prayed' | 'snooze') =>
      t.app.inject({
        method: 'POST',
        url: '/api/pray/digest-actions',
        payload: { token, action },
      });
    const answers = await times(N, () => act('prayed'));
    expect(codes(answers)).toEqual(Array(N).fill(200));
    expect(answers.map((a) => a.json<{ count: number }>().count).sort()).toEqual([
      ...Array<number>(N - 1).fill(0),
      2,
    ]);
    expect(await t.db.db.$count(prayerEvents, inArray(prayerEvents.prayerId, ids))).toBe(2);

    const snoozed = await times(N, () => act('snooze'));
    expect(codes(snoozed)).toEqual(Array(N).fill(200));
    const rows = await t.db.db
      .select({ snoozeUntil: prayers.snoozeUntil })
      .from(prayers)
      .where(inArray(prayers.id, ids));
    expect(new Set(rows.map((r) => r.snoozeUntil)).size).toBe(1);
  });

  it('mark-all-read at once marks each notification once', async () => {
    const u = await person(t.app, 'Mara');
    for (let i = 0; i < 3; i++) {
      const friend = await person(t.app, 'Fay');
      await befriend(friend, u);
      await friend.api.post('/api/prayer-requests', { title: 'x', sharedWith: [u.id] });
    }
    const unread = await t.db.db.$count(
      notifications,
      and(eq(notifications.userId, u.id), eq(notifications.read, false)),
    );
    expect(unread).toBeGreaterThan(0);
    const answers = await times(N, () => u.api.put('/api/notifications/read-all'));
    expect(codes(answers)).toEqual(Array(N).fill(200));
    const updated = answers.map((a) => a.json<{ updated: number }>().updated);
    expect(updated.reduce((sum, n) => sum + n, 0)).toBe(unread);
  });
});

describe('deleting an account while writing', () => {
  it('the writes in flight fail as signed out or not found, never 5xx, and leave nothing behind', async () => {
    for (let round = 0; round < 3; round++) {
      const u = await person(t.app, 'Gone');
      const friend = await person(t.app, 'Stays');
      await befriend(u, friend);
      const journal = (await u.api.post('/api/journals', { title: 'J' })).json()._id as string;
      const request = (
        await friend.api.post('/api/prayer-requests', { title: 'x', isPrivate: false })
      ).json()._id as string;
      const writes = [
        () => u.api.post('/api/prayers', { title: 'Late', journal }),
        () => u.api.post('/api/journals', { title: 'Late' }),
        () => u.api.post(`/api/prayer-requests/${request}/pray`),
        () =>
          u.api.put('/api/users/me/privacy', {
            profileVisibility: 'private',
            friendRequests: 'everyone',
            journalInvites: 'friends',
          }),
        () => u.api.get('/api/pray/session?size=3'),
      ];
      // The deletion checks the password first (slow on purpose): writes are sent in rounds
      // until it has answered, so some run while its transaction does, and one round after.
      let done = false;
      const deletion = t.app
        .inject({
          method: 'DELETE',
          url: '/api/users/me',
          headers: bearer(u.api.token!),
          payload: { confirm: 'DELETE', password: STRONG_PASSWORD },
        })
        .finally(() => (done = true));
      const answers: LightMyRequestResponse[] = [];
      while (!done) answers.push(...(await Promise.all(writes.map((w) => w()))));
      answers.push(...(await Promise.all(writes.map((w) => w()))));
      const deleted = await deletion;
      expect(deleted.statusCode, deleted.body).toBe(204);
      for (const a of answers) expect(a.statusCode, a.body).toBeLessThan(500);
      expect(answers.at(-1)!.statusCode).toBe(401);
      expect(await t.db.db.$count(users, eq(users.id, u.id))).toBe(0);
      expect(await t.db.db.$count(journals, eq(journals.ownerId, u.id))).toBe(0);
    }
  });
});

describe('settings', () => {
  it('privacy, profile, appearance and a session size saved at once each keep their own keys (10 rounds)', async () => {
    const u = await person(t.app, 'Dora');
    const zones = ['Europe/Paris', 'America/Chicago'];
    for (let round = 0; round < 10; round++) {
      const visibility = round % 2 === 0 ? 'private' : 'public';
      const zone = zones[round % 2]!;
      const theme = round % 2 === 0 ? 'dark' : 'light';
      const size = 3 + round;
      const answers = await Promise.all([
        u.api.put('/api/users/me/privacy', {
          profileVisibility: visibility,
          friendRequests: 'everyone',
          journalInvites: 'friends',
        }),
        u.api.put('/api/users/me/profile', {
          firstName: 'Dora',
          lastName: `Round ${round}`,
          username: `dora.${u.id.slice(0, 8)}`,
          timeZone: zone,
          language: 'en',
        }),
        u.api.put('/api/users/me/appearance', { theme, fontSize: 4, animations: null }),
        u.api.get(`/api/pray/session?size=${size}`),
      ]);
      expect(codes(answers), answers.map((a) => a.body).join('\n')).toEqual([200, 200, 200, 200]);
      const [row] = await t.db.db.select().from(users).where(eq(users.id, u.id));
      expect(row).toMatchObject({ lastName: `Round ${round}` });
      expect(row!.settings).toMatchObject({
        privacy: {
          profileVisibility: visibility,
          defaultJournalVisibility: 'private',
          showActivityToFriends: false,
        },
        timeZone: zone,
        theme,
        appearance: { fontSize: 4, animations: null },
        prayerSessionSize: size,
      });
      expect(UserSettingsSchema.strict().parse(row!.settings)).toEqual(row!.settings);
    }
  });
});
