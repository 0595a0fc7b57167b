// F2: PostgreSQL restarted under load, and again while the pool is idle (docs/decisions/018).
// A PRIVATE PostgreSQL 15 cluster (lib/private-postgres.ts) is restarted with
// `pg_ctl restart -m fast` while 20 clients read and write through the real server process.
// Must hold: the server stays up; every error is a 503 with Retry-After inside the outage
// +- 1 s (a request that needs the database); 100 % success from 2 s after PostgreSQL is back; a restart of an idle pool crashes
// nothing; /api/health answers 503 while the database is down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL } from './lib/env.ts';
import { authed, percentile, runLoad, type Session, signUp, tally } from './lib/http.ts';
import { createDatabase, type FreshDatabase } from './lib/postgres.ts';
import {
  missingPostgresBinaries,
  type PrivatePostgres,
  startPrivatePostgres,
} from './lib/private-postgres.ts';
import { type ServerProcess, startServer, tempDir } from './lib/server.ts';

const CLIENTS = 20;
const LOAD_MS = 12_000;
const RESTART_AT_MS = 4_000;

interface Outcome {
  retryAfter: string | null;
}

// Needs PostgreSQL binaries; like every PostgreSQL variant it runs when TEST_DATABASE_URL is set
// (CI), although it never uses that server.
describe.runIf(POSTGRES_URL)('PostgreSQL restart (private cluster)', () => {
  const data = tempDir('pg-restart');
  let postgres: PrivatePostgres;
  let database: FreshDatabase;
  let server: ServerProcess;
  let sessions: Session[];
  let prayers: string[];

  beforeAll(async () => {
    const missing = missingPostgresBinaries();
    if (missing) throw new Error(missing);
    postgres = await startPrivatePostgres();
    database = await createDatabase(postgres.adminUrl);
    server = await startServer({ dataDir: data.dir, databaseUrl: database.url });
    sessions = await Promise.all([0, 1, 2, 3].map(() => signUp(server.url, 'pg-restart')));
    prayers = [];
    for (const session of sessions) {
      const call = authed(session);
      const journal = await call(`${server.url}/api/journals`, {
        method: 'POST',
        body: { title: 'Restart journal' },
      });
      expect(journal.status).toBe(201);
      const { _id: journalId } = (await journal.json()) as { _id: string };
      const prayer = await call(`${server.url}/api/prayers`, {
        method: 'POST',
        body: { title: 'Kept through a restart', journal: journalId },
      });
      expect(prayer.status).toBe(201);
      prayers.push(((await prayer.json()) as { _id: string })._id);
    }
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await postgres?.destroy();
    data.remove();
  });

  const alive = () => server.child.exitCode === null && server.child.signalCode === null;

  it('under load: errors only during the outage, all 503 + Retry-After; full recovery within 2 s', async () => {
    const mix = (n: number, worker: number) => {
      const session = sessions[worker % sessions.length]!;
      const call = authed(session);
      switch (worker % 4) {
        case 0:
          return call(`${server.url}/api/prayers/${prayers[worker % prayers.length]}`, {
            method: 'PUT',
            body: { title: `Updated ${n}` },
            timeoutMs: 10_000,
          });
        case 1:
          return call(`${server.url}/api/journals/get`, { timeoutMs: 10_000 });
        case 2:
          return call(`${server.url}/api/auth/me`, { timeoutMs: 10_000 });
        default:
          return call(`${server.url}/api/notifications`, { timeoutMs: 10_000 });
      }
    };

    const t0 = performance.now();
    let window: { down: number; up: number } | undefined;
    const restart = new Promise<void>((resolve, reject) => {
      setTimeout(() => {
        postgres
          .restart()
          .then(({ downAt, upAt }) => {
            window = { down: downAt - t0, up: upAt - t0 };
            resolve();
          })
          .catch(reject);
      }, RESTART_AT_MS);
    });
    const records = await runLoad({
      concurrency: CLIENTS,
      maxRequests: 200_000,
      durationMs: LOAD_MS,
      request: async (n, worker) => {
        const response = await mix(n, worker);
        return { response, data: { retryAfter: response.headers.get('retry-after') } };
      },
    });
    await restart;
    expect(window).toBeDefined();
    const { down, up } = window!;

    const failures = records.filter((r) => r.status < 200 || r.status >= 300);
    const notRetryable = failures.filter(
      (r) => r.status !== 503 || !(r.data as Outcome | undefined)?.retryAfter,
    );
    const outside = failures.filter((r) => r.end < down - 1_000 || r.start > up + 1_000);
    const afterRecovery = records.filter((r) => r.start >= up + 2_000);
    const firstOkAfterUp = records
      .filter((r) => r.status >= 200 && r.status < 300 && r.start >= up)
      .reduce((min, r) => Math.min(min, r.end), Infinity);
    const ok = records.filter((r) => r.status >= 200 && r.status < 300);
    console.log(
      [
        `F2 PostgreSQL restart under load: ${records.length} requests by ${CLIENTS} clients in ${LOAD_MS} ms`,
        `  restart (pg_ctl restart -m fast): ${down.toFixed(0)} -> ${up.toFixed(0)} ms (${(up - down).toFixed(0)} ms)`,
        `  outcomes: ${JSON.stringify(tally(records))}`,
        failures.length
          ? `  errors between ${Math.min(...failures.map((f) => f.start)).toFixed(0)} and ${Math.max(...failures.map((f) => f.end)).toFixed(0)} ms`
          : '  no errors',
        `  first success after PostgreSQL was back: +${(firstOkAfterUp - up).toFixed(0)} ms`,
        `  requests from up + 2 s: ${afterRecovery.length}, ok ${afterRecovery.filter((r) => r.status >= 200 && r.status < 300).length}`,
        `  latency of successes p50 / p99 / max: ${percentile(
          ok.map((r) => r.latencyMs),
          50,
        ).toFixed(0)} / ${percentile(
          ok.map((r) => r.latencyMs),
          99,
        ).toFixed(0)} / ${Math.max(...ok.map((r) => r.latencyMs)).toFixed(0)} ms`,
      ].join('\n'),
    );

    expect(alive(), server.output()).toBe(true);
    expect(notRetryable, JSON.stringify(notRetryable.slice(0, 5))).toEqual([]);
    expect(outside, JSON.stringify(outside.slice(0, 5))).toEqual([]);
    expect(afterRecovery.length).toBeGreaterThan(0);
    expect(afterRecovery.filter((r) => r.status < 200 || r.status >= 300)).toEqual([]);
    // The pool did not grow beyond its size (10) and leaked no connections.
    const [{ count } = { count: -1 }] = await database.query<{ count: number }>(
      "select count(*)::int as count from pg_stat_activity where application_name = 'selah'",
    );
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(10);
  });

  it('idle pool: a restart crashes nothing and the next request works', async () => {
    const call = authed(sessions[0]!);
    expect((await call(`${server.url}/api/journals/get`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    const { downAt, upAt } = await postgres.restart();
    // Give the idle connections' termination notices time to reach the pool.
    await new Promise((r) => setTimeout(r, 500));
    expect(alive(), server.output()).toBe(true);
    const next = await call(`${server.url}/api/journals/get`);
    console.log(
      `F2 idle restart: ${(upAt - downAt).toFixed(0)} ms; next request ${next.status}; server alive`,
    );
    expect(next.status).toBe(200);
  });

  it('while PostgreSQL is down: /api/health and requests answer 503 + Retry-After; then recover', async () => {
    const call = authed(sessions[1]!);
    await postgres.stop();
    try {
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'degraded', database: 'down' });
      // A write must reach the database. (A read remembered just before the outage may still
      // answer, correctly, for up to REMEMBERED_AT_MOST_MS: no write can change it meanwhile,
      // ADR 035.)
      const started = performance.now();
      const request = await call(`${server.url}/api/journals`, {
        method: 'POST',
        body: { title: 'Written during the outage', isPrivate: true },
      });
      const ms = performance.now() - started;
      expect(request.status).toBe(503);
      expect(request.headers.get('retry-after')).toBeTruthy();
      // Refused connections fail fast: no request hangs while the database is away.
      expect(ms).toBeLessThan(3_000);
      expect(alive(), server.output()).toBe(true);
    } finally {
      await postgres.start();
    }
    const { upAt } = { upAt: performance.now() };
    let healthyAfter = Infinity;
    while (performance.now() - upAt < 5_000) {
      const res = await fetch(`${server.url}/api/health`);
      if (res.status === 200) {
        healthyAfter = performance.now() - upAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    console.log(
      `F2 database down: health 503; healthy again ${healthyAfter.toFixed(0)} ms after start`,
    );
    expect(healthyAfter).toBeLessThan(2_000);
    expect((await call(`${server.url}/api/journals/get`)).status).toBe(200);
  });
});
