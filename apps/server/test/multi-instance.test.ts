import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse } from './sse-client.ts';
import { createTestDb } from './test-db.ts';

/**
 * Two real server processes on one PostgreSQL and one Redis: a notification created through one
 * process reaches a stream held by the other (Redis pub/sub), and a session ended through one
 * process is ended in the other at once, stream included (ADR 040). Runs when TEST_DATABASE_URL
 * and TEST_REDIS_URL are set (CI sets both for the PostgreSQL run).
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');

const randomAddress = () =>
  `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function waitHealthy(base: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${base} did not become healthy`);
}

describe.runIf(enabled)('two server processes with Redis', () => {
  const processes: ChildProcess[] = [];
  const bases: string[] = [];
  let dataDir = '';
  let closeDb: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const db = await createTestDb();
    closeDb = db.close;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'selah-multi-'));
    const jwtSecret = randomBytes(32).toString('hex');
    // One app behind both processes (as behind a load balancer): one origin, so one token
    // issuer, and a session opened through either process is good in the other.
    const ports = [await freePort(), await freePort()];
    for (let i = 0; i < 2; i++) {
      const port = ports[i]!;
      const child = spawn(process.execPath, [serverEntry], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          APP_ORIGIN: `http://127.0.0.1:${ports[0]}`,
          DATA_DIR: path.join(dataDir, `p${i}`),
          DATABASE_URL: db.url,
          REDIS_URL: process.env.TEST_REDIS_URL,
          JWT_SECRET: jwtSecret,
          LOG_LEVEL: 'warn',
          TRUST_PROXY: '127.0.0.1',
          WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      processes.push(child);
      bases.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(bases.map(waitHealthy));
  }, 60_000);

  afterAll(async () => {
    for (const child of processes) child.kill('SIGTERM');
    await Promise.all(
      processes.map(
        (child) =>
          new Promise((resolve) =>
            child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
          ),
      ),
    );
    await closeDb();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function login(base: string, email: string, password: string) {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
      body: JSON.stringify({ email, password }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }

  const me = (base: string, token: string) =>
    fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });

  async function account(base: string, name: string) {
    const email = `${name}.${randomBytes(4).toString('hex')}@example.test`;
    const password = 'Multi-process-Pass-1';
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() };
    const reg = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ firstName: name, lastName: 'Test', email, password }),
    });
    expect(reg.status).toBe(201);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password }),
    });
    const body = (await login.json()) as { token: string; user: { _id: string } };
    return { token: body.token, id: body.user._id, email, password };
  }

  it('delivers a notification created on one process to a stream on the other within a second', async () => {
    const [one, two] = bases as [string, string];
    const sender = await account(two, 'Sender');
    const receiver = await account(one, 'Receiver');
    const stream = await openSse(`${one}/api/notifications/stream`, {
      authorization: `Bearer ${receiver.token}`,
    });
    expect(stream.status).toBe(200);
    await stream.waitFor((e) => e.event === 'unread');

    const started = Date.now();
    const sent = await fetch(`${two}/api/friends/request/${receiver.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sender.token}` },
    });
    expect(sent.status).toBe(201);
    const event = await stream.waitFor((e) => e.event === 'notification', 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(JSON.parse(event.data).notification.message).toBe(
      'Sender Test sent you a friend request.',
    );
    stream.close();
  });

  it('ends a session in both processes at once: its requests, remembered or not, and its open stream', async () => {
    const [one, two] = bases as [string, string];
    const user = await account(one, 'Revoked');
    const phone = await login(two, user.email, user.password);
    // Each session is read in the other process too (twice: anything remembered would answer).
    for (let i = 0; i < 2; i++) {
      expect((await me(two, user.token)).status).toBe(200);
      expect((await me(one, phone)).status).toBe(200);
    }
    const streams = await Promise.all(
      [
        [one, user.token],
        [two, phone],
      ].map(([base, token]) =>
        openSse(`${base}/api/notifications/stream`, { authorization: `Bearer ${token}` }),
      ),
    );
    for (const s of streams) await s.waitFor((e) => e.event === 'unread');

    // Signed out everywhere through process one: process two ends its stream within a second.
    const started = Date.now();
    const out = await fetch(`${one}/api/auth/logout-all`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(out.status).toBe(204);
    await Promise.all(streams.map((s) => s.ended));
    expect(Date.now() - started).toBeLessThan(1_000);
    for (const base of bases) {
      expect((await me(base, user.token)).status).toBe(401);
      expect((await me(base, phone)).status).toBe(401);
    }
  });

  it('shares sign-in rate limits across processes through Redis', async () => {
    const [one, two] = bases as [string, string];
    const email = `limit.${randomBytes(4).toString('hex')}@example.test`;
    // Each attempt from another address: only the per-account limit, kept in Redis, can stop them.
    const attempt = (base: string) =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
        body: JSON.stringify({ email, password: 'wrong-password' }),
      });
    for (let i = 0; i < 25; i++) expect((await attempt(i % 2 ? one : two)).status).toBe(401);
    expect((await attempt(one)).status).toBe(429);
    expect((await attempt(two)).status).toBe(429);
  });
});
