import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import ece from 'http_ece';
import selfsigned from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailOutbox,
  notifications,
  prayerEvents,
  prayerRequestResponses,
  prayers,
  users,
} from '../../db/schema/index.ts';
import { buildTestApp, signUp, type TestApp } from '../../../test/build-test-app.ts';
import { befriend, person, type Person } from '../../../test/people.ts';
import { DigestScheduler } from './digest-scheduler.ts';

/**
 * The daily digest (issue 20 §2): one notification at the reminder time saying how many items
 * are due, nothing when nothing is due, and its push actions ("I prayed", "Snooze") through
 * POST /api/pray/digest-actions with the push's token.
 */

let t: TestApp;
// Wednesday 25 November 2026.
let clock = new Date('2026-11-25T06:00:00Z');
let pushServer: Server;
const received: { url: string; body: Buffer }[] = [];

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock, pushAllowInsecure: true });
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }]);
  pushServer = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => pushServer.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => pushServer.close(() => resolve()));
});

const tick = () => t.app.services.digestScheduler.tick();
const at = (iso: string) => {
  clock = new Date(iso);
};

/** A user in `timeZone` with a reminder at `time`. */
async function member(name: string, time = '08:00', timeZone = 'UTC'): Promise<Person> {
  const p = await person(t.app, name);
  const [row] = await t.db.db.select().from(users).where(eq(users.id, p.id));
  await t.db.db
    .update(users)
    .set({ settings: { ...row!.settings, timeZone } })
    .where(eq(users.id, p.id));
  expect((await p.api.put('/api/notifications/reminder', { time })).statusCode).toBe(200);
  return p;
}

const journals = new Map<string, string>();
async function prayerOf(p: Person, rhythm: Record<string, unknown> | null): Promise<string> {
  let journal = journals.get(p.id);
  if (!journal) {
    journal = (await p.api.post('/api/journals', { title: 'J' })).json()._id as string;
    journals.set(p.id, journal);
  }
  const id = (await p.api.post('/api/prayers', { title: 'P', journal })).json()._id as string;
  if (rhythm) expect((await p.api.put(`/api/prayers/${id}/rhythm`, rhythm)).statusCode).toBe(200);
  return id;
}

/** `asker` asks, `committer` commits ('once', as the spec's button sends). */
async function commitment(asker: Person, committer: Person): Promise<string> {
  const id = (
    await asker.api.post('/api/prayer-requests', { title: 'Pray', isPrivate: false })
  ).json()._id as string;
  expect((await committer.api.post(`/api/prayer-requests/${id}/pray`)).statusCode).toBe(200);
  return id;
}

const digestsOf = (p: Person) =>
  t.db.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, p.id), eq(notifications.type, 'reminder')));

const act = (body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/pray/digest-actions', payload: body as object });

describe('the daily digest', () => {
  it('counts due prayers and commitments, says it once at the reminder time, across two processes', async () => {
    at('2026-11-25T06:00:00Z');
    const ann = await member('Ann', '08:00', 'America/Los_Angeles');
    const friend = await person(t.app, 'Fay');
    await befriend(ann, friend);
    await prayerOf(ann, { kind: 'daily' });
    await prayerOf(ann, { kind: 'weekly', days: [3] }); // Wednesdays
    await prayerOf(ann, { kind: 'weekly', days: [4] }); // not today
    await prayerOf(ann, null); // no rhythm: never due
    const prayedToday = await prayerOf(ann, { kind: 'daily' });
    await commitment(friend, ann);
    await t.db.db
      .insert(prayerEvents)
      .values({ userId: ann.id, prayerId: prayedToday, day: '2026-11-25' });

    const second = new DigestScheduler({
      db: t.db.db,
      notifications: t.app.services.notifications,
      practice: t.app.services.practice,
      digest: t.app.services.digest,
      now: () => clock,
      logger: t.app.log,
    });
    at('2026-11-25T15:59:00Z'); // 07:59 in Los Angeles
    await tick();
    expect(await digestsOf(ann)).toHaveLength(0);
    at('2026-11-25T16:00:30Z'); // 08:00
    const [a, b] = await Promise.all([tick(), second.tick()]);
    expect(a + b).toBe(1);
    const [digest, ...more] = await digestsOf(ann);
    expect(more).toHaveLength(0);
    expect(digest).toMatchObject({
      message: '3 prayers are due today',
      link: '/pray?due=1',
      actorId: null,
      read: false,
    });
    // The rest of the local day: nothing more.
    at('2026-11-26T07:00:00Z'); // 23:00 the same local day
    await tick();
    expect(await digestsOf(ann)).toHaveLength(1);
  });

  it('sends nothing when nothing is due, and says "1 prayer" in the singular', async () => {
    at('2026-11-25T06:00:00Z');
    const idle = await member('Ida');
    await prayerOf(idle, { kind: 'weekdays', snoozeUntil: '2026-11-27' });
    const answered = await prayerOf(idle, { kind: 'daily' });
    await idle.api.put(`/api/prayers/${answered}/status`, { isAnswered: true });
    const one = await member('Oli');
    await prayerOf(one, { kind: 'until', until: '2026-11-25' });
    at('2026-11-25T08:01:00Z');
    await tick();
    expect(await digestsOf(idle)).toHaveLength(0);
    expect((await digestsOf(one)).map((d) => d.message)).toEqual(['1 prayer is due today']);
    // The day is claimed all the same: nothing is counted again that day.
    const [row] = await t.db.db.select().from(users).where(eq(users.id, idle.id));
    expect(row!.reminderLastSentOn).toBe('2026-11-25');
    // The snooze is over on the 27th (a Friday): then it is due.
    at('2026-11-27T08:01:00Z');
    await tick();
    expect((await digestsOf(idle)).map((d) => d.message)).toEqual(['1 prayer is due today']);
  });

  it('counts a commitment only while the friendship lasts and the commitment runs', async () => {
    at('2026-11-25T06:00:00Z');
    const cy = await member('Cy');
    const [dee, eve] = await Promise.all([person(t.app, 'Dee'), person(t.app, 'Eve')]);
    await befriend(cy, dee);
    await befriend(cy, eve);
    await commitment(dee, cy);
    const evesRequest = await commitment(eve, cy);
    await commitment(eve, cy);
    // An ended commitment is not due.
    await t.db.db
      .update(prayerRequestResponses)
      .set({ endedAt: clock })
      .where(
        and(
          eq(prayerRequestResponses.userId, cy.id),
          eq(prayerRequestResponses.requestId, evesRequest),
        ),
      );
    expect((await cy.api.delete(`/api/friends/${dee.id}`)).statusCode).toBe(204);
    at('2026-11-25T08:01:00Z');
    await tick();
    expect((await digestsOf(cy)).map((d) => d.message)).toEqual(['1 prayer is due today']);
  });

  it('follows the preferences: none without reminders, e-mail and push only when wanted', async () => {
    at('2026-11-25T06:00:00Z');
    const off = await member('Off');
    await prayerOf(off, { kind: 'daily' });
    const prefs = (await off.api.get('/api/notifications/preferences')).json();
    await off.api.put('/api/notifications/preferences', { ...prefs, reminderNotifications: false });
    const quiet = await member('Quiet');
    await prayerOf(quiet, { kind: 'daily' });
    await quiet.api.put('/api/notifications/preferences', { ...prefs, emailNotifications: false });
    const mailed = await member('Mailed');
    await prayerOf(mailed, { kind: 'daily' });
    at('2026-11-25T08:01:00Z');
    await tick();
    expect(await digestsOf(off)).toHaveLength(0);
    expect(await digestsOf(quiet)).toHaveLength(1);
    expect(await digestsOf(mailed)).toHaveLength(1);
    const mails = (email: string) =>
      t.db.db
        .select({ subject: mailOutbox.subject, text: mailOutbox.text })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email));
    const digestMails = async (email: string) =>
      (await mails(email)).filter((m) => m.text.includes('1 prayer is due today'));
    expect(await digestMails(quiet.email)).toHaveLength(0);
    expect(await digestMails(mailed.email)).toHaveLength(1);
    expect((await digestMails(mailed.email))[0]!.text).toContain('/pray?due=1');
  });
});

describe('the digest by Web Push, and its actions', () => {
  /** Subscribes `p` to the local push service; returns a decrypter of what it receives. */
  async function subscribe(p: Person) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const port = (pushServer.address() as AddressInfo).port;
    const path = `/push/${p.id}`;
    const res = await p.api.post('/api/push/subscriptions', {
      endpoint: `https://127.0.0.1:${port}${path}`,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: authSecret.toString('base64url'),
      },
    });
    expect(res.statusCode).toBe(201);
    return async () => {
      await expect.poll(() => received.filter((r) => r.url === path).length).toBe(1);
      const push = received.find((r) => r.url === path)!;
      const plain = ece.decrypt(push.body, {
        version: 'aes128gcm',
        privateKey: ecdh,
        authSecret: authSecret.toString('base64url'),
      });
      return JSON.parse(plain.toString('utf8')) as {
        title: string;
        body: string;
        url: string;
        actions: { action: string; title: string }[];
        actionToken: string;
      };
    };
  }

  const eventsOf = (p: Person) =>
    t.db.db.select().from(prayerEvents).where(eq(prayerEvents.userId, p.id));

  it('carries "I prayed" and "Snooze" with a token; "I prayed" records the due items once', async () => {
    at('2026-11-25T06:00:00Z');
    const pam = await member('Pam');
    const friend = await person(t.app, 'Flo');
    await befriend(pam, friend);
    const daily = await prayerOf(pam, { kind: 'daily' });
    const notDue = await prayerOf(pam, { kind: 'weekly', days: [0] });
    const request = await commitment(friend, pam);
    const pushed = await subscribe(pam);
    at('2026-11-25T08:01:00Z');
    await tick();
    const payload = await pushed();
    expect(payload).toMatchObject({
      title: 'Selah',
      body: '2 prayers are due today',
      url: '/pray?due=1',
      actions: [
        { action: 'prayed', title: 'I prayed' },
        { action: 'snooze', title: 'Snooze' },
      ],
    });
    expect(typeof payload.actionToken).toBe('string');

    at('2026-11-25T09:00:00Z');
    const done = await act({ token: payload.actionToken, action: 'prayed' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ action: 'prayed', count: 2 });
    const events = await eventsOf(pam);
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.source === 'push' && e.day === '2026-11-25' && !e.late)).toBe(
      true,
    );
    expect(events.map((e) => e.prayerId ?? e.requestId).sort()).toEqual([daily, request].sort());
    expect(events.some((e) => e.prayerId === notDue)).toBe(false);
    // The 'once' commitment ended at its first Prayed.
    const [response] = await t.db.db
      .select()
      .from(prayerRequestResponses)
      .where(eq(prayerRequestResponses.userId, pam.id));
    expect(response!.endedAt).not.toBeNull();
    expect((await pam.api.get(`/api/prayers/${daily}`)).json().due).toBe(false);

    // A second tap: nothing is due any more, nothing is recorded.
    const again = await act({ token: payload.actionToken, action: 'prayed' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ action: 'prayed', count: 0 });
    expect(await eventsOf(pam)).toHaveLength(2);
  });

  it('"Snooze" snoozes the due prayers until tomorrow; a replay changes nothing', async () => {
    at('2026-11-25T06:00:00Z');
    const sam = await member('Sam');
    const daily = await prayerOf(sam, { kind: 'daily' });
    const weekly = await prayerOf(sam, { kind: 'weekly', days: [1] });
    const pushed = await subscribe(sam);
    at('2026-11-25T08:01:00Z');
    await tick();
    const { actionToken } = await pushed();
    const snoozed = await act({ token: actionToken, action: 'snooze' });
    expect(snoozed.json()).toEqual({ action: 'snooze', count: 1 });
    const rows = await t.db.db.select().from(prayers).where(eq(prayers.authorId, sam.id));
    expect(rows.find((r) => r.id === daily)?.snoozeUntil).toBe('2026-11-26');
    expect(rows.find((r) => r.id === weekly)?.snoozeUntil).toBeNull();
    expect((await act({ token: actionToken, action: 'snooze' })).json()).toEqual({
      action: 'snooze',
      count: 0,
    });
    expect(await eventsOf(sam)).toHaveLength(0);
    // Tomorrow it is due again.
    at('2026-11-26T12:00:00Z');
    expect((await sam.api.get(`/api/prayers/${daily}`)).json().due).toBe(true);
  });

  it('refuses a tampered, foreign, expired or malformed token, and a deleted user', async () => {
    at('2026-11-25T06:00:00Z');
    const tom = await member('Tom');
    await prayerOf(tom, { kind: 'daily' });
    const pushed = await subscribe(tom);
    at('2026-11-25T08:01:00Z');
    await tick();
    const { actionToken } = await pushed();

    const [header, body, signature] = actionToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${signature}`;
    const flipped = `${actionToken.slice(0, -2)}${actionToken.endsWith('AA') ? 'BB' : 'AA'}`;
    // A session token is not an action token.
    const { token: session } = await signUp(t.app);
    for (const token of [forged, flipped, 'not-a-token', session]) {
      const res = await act({ token, action: 'prayed' });
      expect(res.statusCode, token).toBe(401);
      expect(res.json().message).toBe(
        'This reminder’s action link is not valid. Open Selah to pray.',
      );
    }
    for (const body of [
      {},
      { token: actionToken },
      { token: actionToken, action: 'pray' },
      { token: '', action: 'prayed' },
      { token: actionToken, action: 'prayed', extra: 1 },
    ]) {
      const res = await act(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(await eventsOf(tom)).toHaveLength(0);

    // Valid to the end of the next local day (the 26th), not after.
    at('2026-11-26T23:59:00Z');
    expect((await act({ token: actionToken, action: 'snooze' })).statusCode).toBe(200);
    at('2026-11-27T00:00:01Z');
    const expired = await act({ token: actionToken, action: 'prayed' });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(
      'This reminder has expired. Open Selah to see what is due today.',
    );

    at('2026-11-26T12:00:00Z');
    await t.db.db.delete(users).where(eq(users.id, tom.id));
    const gone = await act({ token: actionToken, action: 'prayed' });
    expect(gone.statusCode).toBe(401);
    expect(gone.json().message).toBe('This account no longer exists.');
  });

  it('is rate-limited per address', async () => {
    const limited = await buildTestApp({ db: t.db, env: { RATE_LIMIT_MAX: '1000' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 35; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/pray/digest-actions',
          remoteAddress: '10.9.9.9',
          payload: { token: 'x', action: 'prayed' },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 30).every((c) => c === 401)).toBe(true);
      expect(codes.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('daily reminders', () => {
  it('fire once at the chosen local time in the user’s zone, even with two schedulers running', async () => {
    const u = await person(t.app);
    const [row] = await t.db.db.select().from(users).where(eq(users.id, u.id));
    await t.db.db
      .update(users)
      .set({ settings: { ...row!.settings, timeZone: 'America/Los_Angeles' } })
      .where(eq(users.id, u.id));
    const bad = await u.api.put('/api/notifications/reminder', { time: '25:00' });
    expect(bad.statusCode).toBe(400);
    expect((await u.api.put('/api/notifications/reminder', { time: '08:00' })).json()).toEqual({
      time: '08:00',
      timeZone: 'America/Los_Angeles',
    });
    // The reminder is the daily digest: it is sent when something is due (digest.test.ts).
    const journal = (await u.api.post('/api/journals', { title: 'Mine' })).json()._id;
    const prayer = (await u.api.post('/api/prayers', { title: 'Daily', journal })).json()._id;
    expect((await u.api.put(`/api/prayers/${prayer}/rhythm`, { kind: 'daily' })).statusCode).toBe(
      200,
    );
    const second = new DigestScheduler({
      db: t.db.db,
      notifications: t.app.services.notifications,
      practice: t.app.services.practice,
      digest: t.app.services.digest,
      now: () => clock,
      logger: t.app.log,
    });
    const reminders = () =>
      t.db.db.$count(
        notifications,
        and(eq(notifications.userId, u.id), eq(notifications.type, 'reminder')),
      );

    clock = new Date('2026-11-22T15:59:00Z'); // 07:59 in Los Angeles
    expect(await t.app.services.digestScheduler.tick()).toBe(0);
    clock = new Date('2026-11-22T16:00:30Z'); // 08:00
    const [first, other] = await Promise.all([
      t.app.services.digestScheduler.tick(),
      second.tick(),
    ]);
    expect(first + other).toBeGreaterThanOrEqual(1);
    expect(await reminders()).toBe(1);
    clock = new Date('2026-11-23T07:00:00Z'); // 23:00 the same local day
    await t.app.services.digestScheduler.tick();
    expect(await reminders()).toBe(1);
    clock = new Date('2026-11-23T16:05:00Z'); // the next local day
    await t.app.services.digestScheduler.tick();
    expect(await reminders()).toBe(2);

    const prefs = (await u.api.get('/api/notifications/preferences')).json();
    await u.api.put('/api/notifications/preferences', { ...prefs, reminderNotifications: false });
    clock = new Date('2026-11-24T16:05:00Z');
    await t.app.services.digestScheduler.tick();
    expect(await reminders()).toBe(2);
  });
});
