import { createECDH, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { and, eq, ne } from 'drizzle-orm';
import ece from 'http_ece';
import { simpleParser } from 'mailparser';
import selfsigned from 'selfsigned';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications, pushSubscriptions } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { befriend, person, type Person } from '../../../test/people.ts';

let t: TestApp;
const clock = new Date('2026-11-22T15:00:00Z');
let smtp: SMTPServer;
const inbox: { to: string; subject: string }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _s, cb) {
      simpleParser(stream)
        .then((m) => {
          inbox.push({
            to: String(m.to && 'text' in m.to ? m.to.text : ''),
            subject: m.subject ?? '',
          });
          cb();
        })
        .catch(cb);
    },
  });
  const port = await new Promise<number>((resolve) =>
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)),
  );
  t = await buildTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    now: () => clock,
    pushAllowInsecure: true,
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Sign-up sends every new person a link to confirm their address; these tests count the rest. */
const SIGN_UP_MAIL = 'Confirm your e-mail address for Selah';
const queuedFor = (email: string) =>
  t.db.db.$count(mailOutbox, and(eq(mailOutbox.to, email), ne(mailOutbox.subject, SIGN_UP_MAIL)));
const sentTo = (email: string) => inbox.filter((m) => m.to === email && m.subject !== SIGN_UP_MAIL);

const notesOf = (userId: string) =>
  t.db.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('events notify the people concerned and nobody else', () => {
  it('journal joined tells the owner; an answered public prayer tells the members, not the author', async () => {
    const [owner, member, bystander] = await Promise.all([
      person(t.app, 'Olga'),
      person(t.app, 'Max'),
      person(t.app),
    ]);
    const journal = (
      await owner.api.post('/api/journals', { title: 'Church', isPrivate: false })
    ).json()._id;
    await member.api.post(`/api/journals/${journal}/join`);
    expect((await notesOf(owner.id)).map((n) => n.message)).toEqual([
      'Max User joined your journal "Church".',
    ]);

    const pub = (
      await owner.api.post('/api/prayers', { title: 'Rain', journal, isPrivate: false })
    ).json()._id;
    const priv = (await owner.api.post('/api/prayers', { title: 'Secret', journal })).json()._id;
    await owner.api.put(`/api/prayers/${pub}/status`, { isAnswered: true });
    await owner.api.put(`/api/prayers/${priv}/status`, { isAnswered: true });
    const memberNotes = await notesOf(member.id);
    expect(memberNotes.map((n) => n.message)).toEqual([
      'A prayer was answered in "Church": "Rain".',
    ]);
    expect(memberNotes[0]!.link).toBe(`/journal/${journal}`);
    expect(await notesOf(bystander.id)).toEqual([]);
    expect((await notesOf(owner.id)).filter((n) => n.type === 'prayer_answered')).toEqual([]);
  });
});

describe('e-mail', () => {
  it('goes out through SMTP only when the user wants it and the event kind is on', async () => {
    const [a, b, c] = await Promise.all([
      person(t.app, 'Amy'),
      person(t.app, 'Bea'),
      person(t.app, 'Cal'),
    ]);
    const prefs = (await c.api.get('/api/notifications/preferences')).json();
    await c.api.put('/api/notifications/preferences', {
      ...prefs,
      friendRequestNotifications: false,
    });
    const bPrefs = (await b.api.get('/api/notifications/preferences')).json();
    await b.api.put('/api/notifications/preferences', { ...bPrefs, emailNotifications: false });
    const journal = (await a.api.post('/api/journals', { title: 'x', isPrivate: false })).json()
      ._id;
    await a.api.post(`/api/friends/request/${b.id}`);
    await a.api.post(`/api/friends/request/${c.id}`);
    await b.api.post(`/api/journals/${journal}/join`);
    await t.app.services.mailWorker.drain();
    expect(sentTo(b.email)).toEqual([]);
    expect(sentTo(c.email)).toEqual([]);
    // Nothing was even queued for them (the inbox alone could be checked too early).
    expect(await queuedFor(b.email)).toBe(0);
    expect(await queuedFor(c.email)).toBe(0);
    // The SMTP server files a message just after accepting it: poll briefly.
    await expect
      .poll(() => sentTo(a.email).map((m) => m.subject))
      .toEqual(['Bea User joined your journal "x".']);
    // Every notification was still recorded in the app.
    expect(await notesOf(b.id)).toHaveLength(1);
    expect(await notesOf(c.id)).toHaveLength(1);
  });
});

describe('Web Push', () => {
  let pushServer: Server;
  const received: { headers: IncomingMessage['headers']; body: Buffer; url: string }[] = [];
  let status = 201;
  /** TCP connections the push service accepted (a refused endpoint must open none). */
  let connections = 0;

  beforeAll(async () => {
    const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }]);
    pushServer = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks), url: req.url ?? '' });
        res.writeHead(status).end();
      });
    });
    pushServer.on('connection', () => connections++);
    await new Promise<void>((resolve) => pushServer.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => pushServer.close(() => resolve()));
  });

  it('delivers an encrypted push the subscriber can decrypt, and drops subscriptions that are gone', async () => {
    const [a, b] = await Promise.all([person(t.app, 'Ann'), person(t.app, 'Bob')]);
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const port = (pushServer.address() as AddressInfo).port;
    const key = (await t.app.inject({ method: 'GET', url: '/api/push/public-key' })).json()
      .publicKey as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const sub = await b.api.post('/api/push/subscriptions', {
      endpoint: `https://127.0.0.1:${port}/push/b`,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: authSecret.toString('base64url'),
      },
    });
    expect(sub.statusCode).toBe(201);

    await a.api.post(`/api/friends/request/${b.id}`);
    await expect.poll(() => received.length, { timeout: 5_000 }).toBe(1);
    const push = received[0]!;
    expect(push.url).toBe('/push/b');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push.headers.authorization)).toMatch(/^vapid t=.+, k=/);
    const plain = ece.decrypt(push.body, {
      version: 'aes128gcm',
      privateKey: ecdh,
      authSecret: authSecret.toString('base64url'),
    });
    expect(JSON.parse(plain.toString('utf8'))).toEqual({
      title: 'Selah',
      body: 'Ann User sent you a friend request.',
      url: '/friends?tab=requests',
    });

    status = 410;
    const c = await person(t.app, 'Cy');
    await c.api.post(`/api/friends/request/${b.id}`);
    await expect
      .poll(() => t.db.db.$count(pushSubscriptions, eq(pushSubscriptions.userId, b.id)), {
        timeout: 5_000,
      })
      .toBe(0);
  });

  it('refuses endpoints that are not public https URLs when insecure endpoints are not allowed', async () => {
    const strict = await buildTestApp({ db: t.db });
    try {
      const u = await person(strict.app);
      for (const endpoint of [
        'http://push.example.com/x',
        'https://127.0.0.1/x',
        'https://localhost/x',
        'https://10.0.0.1/x',
        'https://100.64.0.1/x',
        'https://169.254.169.254/x',
        'https://[::1]/x',
        'https://[fe80::1]/x',
        'https://[::ffff:192.168.0.1]/x',
        'nonsense',
      ]) {
        const res = await u.api.post('/api/push/subscriptions', {
          endpoint,
          keys: { p256dh: 'k', auth: 'a' },
        });
        expect(res.statusCode, endpoint).toBe(400);
      }
      const ok = await u.api.post('/api/push/subscriptions', {
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        keys: { p256dh: 'k', auth: 'a' },
      });
      expect(ok.statusCode).toBe(201);
    } finally {
      await strict.app.close();
    }
  });

  it('resolves the host when sending and refuses loopback, private, link-local and carrier-grade NAT addresses', async () => {
    const lines: string[] = [];
    const strict = await buildTestApp({
      db: t.db,
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const u = await person(strict.app);
      const port = (pushServer.address() as AddressInfo).port;
      // The subscription route refuses these; a name may still resolve elsewhere by the time a
      // push is sent (another DNS answer, a rebinding attack), so they are stored directly.
      const endpoints: [string, string][] = [
        [`https://localhost:${port}/push/by-name`, 'loopback'],
        [`https://127.0.0.1:${port}/push/literal`, 'loopback'],
        ['https://127.8.9.10/x', 'loopback'],
        ['https://10.1.2.3/x', 'private'],
        ['https://172.20.0.1/x', 'private'],
        ['https://192.168.1.20/x', 'private'],
        ['https://169.254.169.254/latest/meta-data', 'link-local'],
        ['https://100.64.0.1/x', 'carrier-grade NAT'],
        ['https://100.127.255.254/x', 'carrier-grade NAT'],
        ['https://[::1]/x', 'loopback'],
        ['https://[fd12:3456::1]/x', 'private'],
        ['https://[fe80::1]/x', 'link-local'],
        ['https://[::ffff:10.0.0.1]/x', 'private'],
        ['https://[64:ff9b::a9fe:a9fe]/x', 'link-local'],
        ['https://0.0.0.0/x', 'reserved'],
        ['http://push.example.com/plain', 'https'],
      ];
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const keys = {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      };
      await t.db.db
        .insert(pushSubscriptions)
        .values(endpoints.map(([endpoint]) => ({ userId: u.id, endpoint, ...keys })));
      connections = 0;
      await strict.app.services.push.sendToUsers([u.id], { title: 'T', body: 'B', url: '/' });

      expect(connections).toBe(0);
      const refused = lines
        .map((line) => JSON.parse(line) as { msg: string; host?: string; reason?: string })
        .filter((entry) => entry.msg === 'web push refused');
      for (const [endpoint, kind] of endpoints) {
        const host = new URL(endpoint).host;
        const entry = refused.find((r) => r.host === host);
        expect(entry?.reason, endpoint).toContain(kind);
      }
      expect(refused).toHaveLength(endpoints.length);
      // The name went through DNS when sending (the subscription check never saw it).
      expect(refused.find((r) => r.host === `localhost:${port}`)?.reason).toMatch(
        /^localhost resolves to (127\.0\.0\.1|::1), a loopback address$/,
      );
      // Refused, not forgotten: the subscription may point somewhere public again later.
      expect(await t.db.db.$count(pushSubscriptions, eq(pushSubscriptions.userId, u.id))).toBe(
        endpoints.length,
      );
    } finally {
      await strict.app.close();
    }
  });
});

it('records nothing for an actor acting on themself', async () => {
  const me: Person = await person(t.app);
  const journal = (await me.api.post('/api/journals', { title: 'Solo', isPrivate: false })).json()
    ._id;
  const p = (await me.api.post('/api/prayers', { title: 'Mine', journal, isPrivate: false })).json()
    ._id;
  await me.api.put(`/api/prayers/${p}/status`, { isAnswered: true });
  expect(await notesOf(me.id)).toEqual([]);
  expect(await queuedFor(me.email)).toBe(0);
  await befriend(me, await person(t.app));
});
