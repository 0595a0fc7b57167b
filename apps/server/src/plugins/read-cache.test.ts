import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../../test/api.ts';
import { buildTestApp, signUp, type TestApp } from '../../test/build-test-app.ts';
import { createTestDb } from '../../test/test-db.ts';
import type { DbHandle } from '../db/client.ts';
import { befriend, type Person, person } from '../../test/people.ts';
import { REMEMBERED_AT_MOST_MS } from '../lib/versioned-cache.ts';

// Remembered answers (ADR 035): every route marked `readCache` answers from memory until a write
// completes, and shows each write that changes it on the very next read.

let clock = new Date('2026-11-24T12:00:00Z');
let t: TestApp;
let db: DbHandle;
let statements = 0;
let app: FastifyInstance;
let ann: Person;
let ben: Person;
let journalId: string;

/** The routes marked `readCache`, as a signed-in user reads them. */
const cachedReads = () => [
  '/api/stats',
  '/api/journals/get',
  '/api/journals/public?tab=popular',
  '/api/journals/discover',
  `/api/journals/${journalId}`,
  '/api/prayers/user',
  '/api/prayers/user/summary',
  '/api/friends',
  '/api/prayer-requests?type=friendRequests',
  '/api/notifications',
];

beforeAll(async () => {
  db = await createTestDb({ onQuery: () => statements++ });
  t = await buildTestApp({ db, now: () => clock });
  app = t.app;
  ann = await person(app, 'Ann');
  ben = await person(app, 'Ben');
  await befriend(ann, ben);
  const journal = await ann.api.post('/api/journals', { title: 'Family', isPrivate: false });
  expect(journal.statusCode).toBe(201);
  journalId = journal.json<{ _id: string }>()._id;
});
afterAll(async () => {
  await t.close();
  await db.close();
});

/** Reads `url` twice as `who`, the second time from memory; returns the body. */
async function readTwice(who: Person, url: string) {
  const first = await who.api.get(url);
  expect(first.statusCode, url).toBe(200);
  const second = await who.api.get(url);
  expect(second.statusCode, url).toBe(200);
  expect(second.body, url).toBe(first.body);
  return first.json<Record<string, unknown>>();
}

describe('remembered reads', () => {
  it('no route marked readCache writes (a remembered answer skips its handler)', async () => {
    for (const url of cachedReads()) {
      await ann.api.get(url); // any once-a-minute activity write happens here
      const before = t.db.writes.version;
      const response = await ann.api.get(`${url}${url.includes('?') ? '&' : '?'}fresh=1`);
      expect(response.statusCode, url).not.toBe(500);
      expect(t.db.writes.version, url).toBe(before);
    }
  });

  it('answers the second read from memory, the same bytes, without a statement', async () => {
    for (const url of cachedReads()) {
      // Twice: an activity write (once a minute) completing during the first spoils its answer.
      await ann.api.get(url);
      await ann.api.get(url);
      const before = statements;
      const again = await ann.api.get(url);
      expect(again.statusCode).toBe(200);
      expect(again.headers['content-type']).toMatch(/^application\/json/);
      expect(again.headers['cache-control']).toBe('no-store');
      expect(statements - before, url).toBe(0);
    }
  });

  it("shows a new prayer at once in the owner's lists, stats and journal", async () => {
    const before = {
      stats: await readTwice(ann, '/api/stats'),
      journal: await readTwice(ann, `/api/journals/${journalId}`),
      prayers: await readTwice(ann, '/api/prayers/user'),
    };
    const created = await ann.api.post('/api/prayers', {
      title: 'For my sister',
      content: 'Healing and peace.',
      category: 'Family',
      journal: journalId,
      isPrivate: false,
    });
    expect(created.statusCode).toBe(201);
    const stats = (await ann.api.get('/api/stats')).json<{ totalPrayers: number }>();
    expect(stats.totalPrayers).toBe((before.stats as { totalPrayers: number }).totalPrayers + 1);
    expect((await ann.api.get(`/api/journals/${journalId}`)).body).toContain('For my sister');
    expect((await ann.api.get('/api/prayers/user')).body).toContain('For my sister');
    expect(JSON.stringify(before.journal)).not.toContain('For my sister');
    expect(JSON.stringify(before.prayers)).not.toContain('For my sister');
  });

  it("shows another user's write at once: a friend's request, a notification, a journal made private", async () => {
    const requests = await readTwice(ann, '/api/prayer-requests?type=friendRequests');
    const notifications = await readTwice(ben, '/api/notifications');
    const discover = await readTwice(ben, '/api/journals/public?tab=popular');
    expect(JSON.stringify(discover)).toContain(journalId);

    const request = await ben.api.post('/api/prayer-requests', {
      title: 'Job interview on Friday',
      description: 'Pray for calm.',
      isPrivate: false,
    });
    expect(request.statusCode).toBe(201);
    expect(JSON.stringify(requests)).not.toContain('Job interview');
    expect((await ann.api.get('/api/prayer-requests?type=friendRequests')).body).toContain(
      'Job interview',
    );

    const prayedFor = request.json<{ _id: string }>()._id;
    expect((await ann.api.post(`/api/prayer-requests/${prayedFor}/pray`)).statusCode).toBe(200);
    // Ben hears that Ann prayed for him.
    const after = (await ben.api.get('/api/notifications')).body;
    expect(after).not.toBe(JSON.stringify(notifications));

    expect((await ann.api.put(`/api/journals/${journalId}`, { isPrivate: true })).statusCode).toBe(
      200,
    );
    expect((await ben.api.get('/api/journals/public?tab=popular')).body).not.toContain(journalId);
    expect((await ben.api.get(`/api/journals/${journalId}`)).statusCode).toBe(404);
  });

  it('ends a session at once: signed out, its next read is refused, not remembered', async () => {
    const pat = await person(app, 'Pat');
    await readTwice(pat, '/api/journals/get');
    expect((await pat.api.post('/api/auth/logout')).statusCode).toBeLessThan(300);
    expect((await pat.api.get('/api/journals/get')).statusCode).toBe(401);
  });

  it('keeps answers per user: one user never gets what another read', async () => {
    const a = await readTwice(ann, '/api/friends');
    const b = await readTwice(ben, '/api/friends');
    expect(JSON.stringify(a)).toContain(ben.id);
    expect(JSON.stringify(a)).not.toContain(`"_id":"${ann.id}"`);
    expect(JSON.stringify(b)).toContain(ann.id);
  });

  it('reads again once the answer is older than REMEMBERED_AT_MOST_MS by the app clock', async () => {
    const url = '/api/stats';
    await ann.api.get(url);
    await ann.api.get(url);
    let before = statements;
    await ann.api.get(url);
    expect(statements).toBe(before);
    // Time alone may change an answer (a plan lapsing, a new day): past the window it is read anew.
    clock = new Date(clock.getTime() + REMEMBERED_AT_MOST_MS);
    before = statements;
    expect((await ann.api.get(url)).statusCode).toBe(200);
    expect(statements).toBeGreaterThan(before);
    // A clock that went back never makes an old answer new.
    clock = new Date(clock.getTime() - 60_000);
    before = statements;
    expect((await ann.api.get(url)).statusCode).toBe(200);
    expect(statements).toBeGreaterThan(before);
  });
});

describe('remembered reads, within the limits of any request', () => {
  it('counts a remembered answer against the rate limit, with the same headers as a read', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_MAX: '40' } });
    try {
      const pat = await person(limited.app, 'Pat');
      const first = await pat.api.get('/api/stats');
      expect(first.statusCode).toBe(200);
      const remembered = await pat.api.get('/api/stats');
      expect(remembered.body).toBe(first.body);
      // Security headers, no-store, the limiter's count: everything a read answer carries.
      const names = (headers: object) =>
        Object.keys(headers)
          .filter((name) => name !== 'date')
          .sort();
      expect(names(remembered.headers)).toEqual(names(first.headers));
      // The same policy, with a nonce of its own (plugins/security.ts).
      const policy = (headers: typeof first.headers) =>
        String(headers['content-security-policy']).replace(/'nonce-[^']+'/, "'nonce'");
      expect(policy(remembered.headers)).toBe(policy(first.headers));
      expect(remembered.headers['content-security-policy']).not.toBe(
        first.headers['content-security-policy'],
      );
      expect(Number(remembered.headers['x-ratelimit-remaining'])).toBe(
        Number(first.headers['x-ratelimit-remaining']) - 1,
      );
      let last = remembered;
      for (let i = 0; i < 40 && last.statusCode === 200; i++)
        last = await pat.api.get('/api/stats');
      expect(last.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('never answers a request without a live session from memory', async () => {
    const { token } = await signUp(app, { firstName: 'Pat' });
    await readTwice({ api: apiAs(app, token) } as Person, '/api/stats');
    const stranger = await app.inject({ method: 'GET', url: '/api/stats' });
    expect(stranger.statusCode).toBe(401);
    const forged = await app.inject({
      method: 'GET',
      url: '/api/stats',
      headers: { authorization: `Bearer ${token}x` },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('remembered reads, switched off', () => {
  it('READ_CACHE=off reads the database every time', async () => {
    const off = await buildTestApp({ env: { READ_CACHE: 'off' } });
    try {
      const pat = await person(off.app, 'Pat');
      await pat.api.get('/api/journals/get');
      const journal = await pat.api.post('/api/journals', { title: 'Work', isPrivate: true });
      expect(journal.statusCode).toBe(201);
      expect((await pat.api.get('/api/journals/get')).body).toContain('Work');
    } finally {
      await off.close();
    }
  });
});
