// F3: Redis killed (kill -9) under a mixed load and started again (docs/decisions/019).
// A PRIVATE redis-server on a random port (never the shared one); the real server with
// REDIS_URL pointing at it: one process on PGlite, and two processes on one PostgreSQL database
// when TEST_DATABASE_URL is set (cross-process realtime goes through Redis).
// Must hold: no request waits on Redis (none takes more than 1 s longer than before the
// outage), no 5xx, sign-in brute force still limited during the outage (the 26th failed sign-in
// for one account answers 429), a stream still gets its own process's notifications during the
// outage, cross-process delivery and Redis-backed limits come back after it, and the log says
// "unavailable" and "restored" instead of a line per failed reconnection.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseConnection } from '../../apps/server/test/sse-client.ts';
import { PrivateRedis } from '../../apps/server/test/private-redis.ts';
import {
  postFrom,
  randomAddress,
  signUpFrom,
  TRUST_LOCAL_PROXY,
  uniqueEmail,
} from './lib/client-address.ts';
import { DATABASES } from './lib/env.ts';
import {
  authed,
  FAULT_PASSWORD,
  percentile,
  type RequestRecord,
  runLoad,
  type Session,
  tally,
} from './lib/http.ts';
import { createDatabase, type FreshDatabase } from './lib/postgres.ts';
import { type ServerProcess, startServer, tempDir } from './lib/server.ts';

const CLIENTS = 6;
/** Load before the kill, and after the restart. */
const BEFORE_MS = 4_000;
const AFTER_MS = 3_000;
/**
 * The measured part of the outage: the load alone (and one local notification), so that its
 * latencies compare with the load's before and after. Redis then stays down for the brute
 * force, whose password hashing would otherwise slow the load's sign-ins.
 */
const OUTAGE_MS = 3_000;
/** The per-account limit on failed sign-ins (AUTH_LIMITS.loginPerAccount). */
const LOGIN_ACCOUNT_LIMIT = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const stats = (records: RequestRecord[]) => {
  const latencies = records.map((r) => r.latencyMs);
  return {
    requests: records.length,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    max: Math.round(Math.max(0, ...latencies)),
  };
};

interface Sender {
  session: Session;
  /** Unique first name: the notification's message names the sender. */
  name: string;
}

/** Sends friend requests from `senders` (one each) until the stream shows one, or times out. */
async function deliverUntilSeen(
  senders: Sender[],
  baseUrl: string,
  receiver: Session,
  stream: SseConnection,
  timeoutMs: number,
): Promise<{ ms: number; attempts: number }> {
  const started = performance.now();
  let attempts = 0;
  while (performance.now() - started < timeoutMs) {
    const sender = senders.shift();
    if (!sender) throw new Error('ran out of senders');
    attempts++;
    const res = await authed(sender.session)(`${baseUrl}/api/friends/request/${receiver.userId}`, {
      method: 'POST',
    });
    expect(res.status).toBeLessThan(300);
    const arrived = await stream
      .waitFor((e) => e.event === 'notification' && e.data.includes(`${sender.name} Tester`), 1_000)
      .then(() => true)
      .catch(() => false);
    if (arrived) return { ms: Math.round(performance.now() - started), attempts };
  }
  throw new Error(`no notification reached the stream within ${timeoutMs} ms`);
}

for (const variant of DATABASES) {
  const processes = variant.name === 'PostgreSQL' ? 2 : 1;
  describe.runIf(variant.enabled)(`Redis killed and restarted (${variant.name})`, () => {
    const data = tempDir('redis-restart');
    let redis: PrivateRedis;
    let database: FreshDatabase | undefined;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      redis = await PrivateRedis.start();
      if (variant.adminUrl) database = await createDatabase(variant.adminUrl);
      for (let i = 0; i < processes; i++) {
        servers.push(
          await startServer({
            dataDir: `${data.dir}/p${i}`,
            databaseUrl: database?.url,
            redisUrl: redis.url,
            env: { ...TRUST_LOCAL_PROXY, JWT_SECRET: 'redis-fault-'.padEnd(40, 'x') },
          }),
        );
      }
    });
    afterAll(async () => {
      for (const server of servers) await server.stop('SIGKILL');
      await redis?.kill();
      await database?.drop();
      data.remove();
    });

    it('degrades without waiting on Redis, keeps sign-in limits, and recovers', async () => {
      const urls = servers.map((s) => s.url);
      const home = urls[0]!;
      const other = urls.at(-1)!;
      const receiver = await signUpFrom(home, 'receiver');
      const victim = await signUpFrom(home, 'victim');
      // A token is valid on the process that issued it (its APP_ORIGIN is the audience): each
      // process gets its own load users, and the senders sign in where they send from.
      const loaders: { url: string; session: Session; prayer: string }[] = [];
      for (const url of urls) {
        for (let i = 0; i < 2; i++) {
          const session = await signUpFrom(url, 'load');
          const res = await authed(session)(`${url}/api/journals`, {
            method: 'POST',
            body: { title: 'Redis outage journal' },
          });
          expect(res.status).toBe(201);
          const journal = ((await res.json()) as { _id: string })._id;
          // The load edits this prayer (creating more would meet the Free plan's 50 prayers).
          const prayer = await authed(session)(`${url}/api/prayers`, {
            method: 'POST',
            body: { title: 'Redis outage prayer', journal },
          });
          expect(prayer.status).toBe(201);
          loaders.push({ url, session, prayer: ((await prayer.json()) as { _id: string })._id });
        }
      }
      const homeSenders: Sender[] = [];
      const otherSenders: Sender[] = [];
      for (let i = 0; i < 12; i++) {
        const name = `Sender${String.fromCharCode(65 + i)}`;
        const list = i < 4 ? homeSenders : otherSenders;
        list.push({ session: await signUpFrom(i < 4 ? home : other, 'sender', name), name });
      }
      const stream = await openSse(`${home}/api/notifications/stream`, {
        authorization: `Bearer ${receiver.token}`,
      });
      expect(stream.status).toBe(200);
      await stream.waitFor((e) => e.event === 'unread', 5_000);
      // Through Redis before the outage (from the other process when there are two).
      const before = await deliverUntilSeen(otherSenders, other, receiver, stream, 10_000);

      // The load: reads, writes and correct sign-ins (from random addresses), on every process.
      let stop = false;
      const t0 = performance.now();
      const load = runLoad({
        concurrency: CLIENTS,
        maxRequests: 20_000,
        durationMs: 300_000,
        stopWhen: () => stop,
        request: async (n) => {
          const { url, session, prayer } = loaders[Math.floor(n / 4) % loaders.length]!;
          const call = authed(session);
          switch (n % 4) {
            case 0:
              return { response: await call(`${url}/api/journals/get`), data: 'read' };
            case 1:
              return { response: await call(`${url}/api/notifications`), data: 'read' };
            case 2:
              return {
                response: await call(`${url}/api/prayers/${prayer}`, {
                  method: 'PUT',
                  body: { title: `Outage prayer ${n}` },
                }),
                data: 'write',
              };
            default:
              return {
                response: await postFrom(`${url}/api/auth/login`, {
                  email: session.email,
                  password: FAULT_PASSWORD,
                }),
                data: 'sign-in',
              };
          }
        },
      });

      await sleep(BEFORE_MS);
      const killedAt = performance.now() - t0;
      await redis.kill();

      // A notification created on the stream's own process arrives without Redis.
      const local = await deliverUntilSeen(homeSenders, home, receiver, stream, 5_000);
      const remaining = OUTAGE_MS - (performance.now() - t0 - killedAt);
      if (remaining > 0) await sleep(remaining);
      const bruteFrom = performance.now() - t0;
      // Brute force on one account, each attempt from a new address: the in-process limiter
      // counts while Redis is down.
      const bruteStarted = performance.now();
      const bruteStatuses: number[] = [];
      for (let i = 0; i <= LOGIN_ACCOUNT_LIMIT; i++) {
        const res = await postFrom(
          `${urls[0]}/api/auth/login`,
          { email: victim.email, password: 'Wrong-password-123!' },
          randomAddress(),
        );
        bruteStatuses.push(res.status);
      }
      const bruteMs = Math.round(performance.now() - bruteStarted);

      const restartedAt = performance.now() - t0;
      await redis.restart();
      // Redis-backed limits again: a failed sign-in is counted in Redis once reconnected.
      const probe = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await probe.connect();
      const probeEmail = uniqueEmail('probe');
      let sharedLimitsBackMs = -1;
      for (let waited = 0; waited < 15_000; waited += 250) {
        await postFrom(`${home}/api/auth/login`, { email: probeEmail, password: 'Wrong-pass-1!' });
        if ((await probe.exists(`rl:login-account:${probeEmail}`)) === 1) {
          sharedLimitsBackMs = Math.round(performance.now() - t0 - restartedAt);
          break;
        }
        await sleep(250);
      }
      probe.disconnect();
      // Cross-process delivery through Redis again.
      const after = await deliverUntilSeen(otherSenders, other, receiver, stream, 15_000);
      const deliveryBackMs = Math.round(performance.now() - t0 - restartedAt);
      await sleep(AFTER_MS);
      stop = true;
      const records = await load;
      stream.close();

      const baseline = records.filter((r) => r.end < killedAt);
      const outage = records.filter((r) => r.end >= killedAt && r.start < bruteFrom);
      const bruteForceWindow = records.filter((r) => r.end >= bruteFrom && r.start < restartedAt);
      const reconnecting = records.filter(
        (r) => r.end >= restartedAt && r.start <= restartedAt + sharedLimitsBackMs,
      );
      const recovered = records.filter((r) => r.start > restartedAt + sharedLimitsBackMs);
      const byKind = (records: RequestRecord[], kind: string) =>
        stats(records.filter((r) => r.data === kind));
      const redisLines = servers.map(
        (s) =>
          s
            .output()
            .split('\n')
            .filter((line) => /redis/i.test(line)).length,
      );
      console.log(
        JSON.stringify(
          {
            fault: 'F3 Redis kill -9 and restart',
            database: variant.name,
            processes,
            redisDownMs: Math.round(restartedAt - killedAt),
            statuses: tally(records),
            baseline: stats(baseline),
            duringOutage: stats(outage),
            duringOutageByKind: {
              read: byKind(outage, 'read'),
              write: byKind(outage, 'write'),
              signIn: byKind(outage, 'sign-in'),
            },
            duringBruteForce: stats(bruteForceWindow),
            whileReconnecting: stats(reconnecting),
            afterOutage: stats(recovered),
            bruteForce: {
              attempts: bruteStatuses.length,
              statuses: bruteStatuses.join(' '),
              ms: bruteMs,
            },
            notificationThroughRedisBeforeMs: before.ms,
            localNotificationDuringOutageMs: local.ms,
            sharedLimitsBackAfterRestartMs: sharedLimitsBackMs,
            crossProcessDeliveryBackAfterRestartMs: deliveryBackMs,
            crossProcessAttemptsAfterRestart: after.attempts,
            redisLogLinesPerProcess: redisLines,
          },
          null,
          2,
        ),
      );

      // Every request answered and succeeded: no 5xx, no 429 (status 0 = no answer).
      expect(records.filter((r) => r.status === 0 || r.status >= 300)).toEqual([]);
      expect(outage.length).toBeGreaterThan(0);
      // No request waited on Redis. Reads and writes (global rate limit in Redis): none took
      // more than 1 s longer than the slowest of its kind with Redis up, before the kill or
      // after the recovery. Sign-ins (also the sign-in limits in Redis) hash a password, whose
      // time swings on a shared machine: their median is compared, which a wait on Redis in
      // every sign-in would move.
      for (const kind of ['read', 'write']) {
        const reference = Math.max(byKind(baseline, kind).max, byKind(recovered, kind).max);
        expect(byKind(outage, kind).max, kind).toBeLessThan(reference + 1_000);
      }
      const signInReference = Math.max(
        byKind(baseline, 'sign-in').p50,
        byKind(recovered, 'sign-in').p50,
      );
      expect(byKind(outage, 'sign-in').p50).toBeLessThan(signInReference + 1_000);
      expect(bruteStatuses.slice(0, LOGIN_ACCOUNT_LIMIT).every((s) => s === 401)).toBe(true);
      expect(bruteStatuses[LOGIN_ACCOUNT_LIMIT]).toBe(429);
      expect(sharedLimitsBackMs).toBeGreaterThanOrEqual(0);
      // Two lines per connection (unavailable and restored; "restored" is info, not shown at
      // the warn level), never one per reconnection attempt.
      for (const lines of redisLines) expect(lines).toBeLessThanOrEqual(4);
    });
  });
}
