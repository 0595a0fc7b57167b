// F1: kill -9 the server during a stream of writes, 20 times, then restart it each time.
// Must hold: every acknowledged (201) write is there after the restarts, none is half-written
// (prayer rows, journal counters, activity rows and stored idempotency answers agree), and
// re-sending every key creates nothing twice.
import { afterAll, describe, expect, it } from 'vitest';
import { withDatabase } from './lib/database.ts';
import { DATABASES } from './lib/env.ts';
import { percentile, runLoad, type Session, signUp, tally } from './lib/http.ts';
import { createDatabase, type FreshDatabase } from './lib/postgres.ts';
import { type ServerProcess, startServer, tempDir } from './lib/server.ts';

const KILLS = Number(process.env.FAULT_KILLS ?? 20);
const WRITERS = 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Write {
  key: string;
  writer: number;
}

for (const variant of DATABASES) {
  describe.runIf(variant.enabled)(`kill -9 during writes on ${variant.name}`, () => {
    const data = tempDir('kill9');
    let database: FreshDatabase | undefined;
    let server: ServerProcess | undefined;
    afterAll(async () => {
      await server?.stop('SIGKILL');
      await database?.drop();
      data.remove();
    });

    it(`loses no acknowledged write over ${KILLS} kills, half-writes nothing, and retries create nothing twice`, async () => {
      if (variant.adminUrl) database = await createDatabase(variant.adminUrl);
      const where = { dataDir: data.dir, databaseUrl: database?.url };
      server = await startServer(where);
      const { port, url } = server;

      // One user and journal per writer (a user's creates serialise on the plan check).
      const users: Session[] = [];
      for (let i = 0; i < WRITERS; i++) users.push(await signUp(url, `kill9-${i}`));
      const journals: string[] = [];
      for (const user of users) {
        const res = await fetch(`${url}/api/journals`, {
          method: 'POST',
          headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'Kill -9 journal' }),
        });
        expect(res.status).toBe(201);
        journals.push(((await res.json()) as { _id: string })._id);
      }
      // Premium: no 50-prayer cap. PGlite can be opened only while no server holds the folder.
      expect((await server.stop('SIGTERM')).code).toBe(0);
      await withDatabase(where, (query) =>
        query(`update users set plan = 'premium', plan_expires_at = now() + interval '7 days'`),
      );
      server = await startServer({ ...where, port });

      const writes = new Map<number, Write>();
      const send = (n: number, w: Write) =>
        fetch(`${url}/api/prayers`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${users[w.writer]!.token}`,
            'content-type': 'application/json',
            'idempotency-key': w.key,
          },
          body: JSON.stringify({ title: `kill9 prayer ${n}`, journal: journals[w.writer] }),
          signal: AbortSignal.timeout(20_000),
        });

      // Writers wait while the server is down (as a client retrying after a refused connection
      // would), so the keys sent are the ones a live or dying server could have seen.
      let up: Promise<void> = Promise.resolve();
      let markUp = () => {};
      let killing = true;
      let acks = 0;
      const load = runLoad({
        concurrency: WRITERS,
        maxRequests: 100_000,
        durationMs: 900_000,
        stopWhen: () => !killing,
        backoffMs: 100,
        request: async (n, writer) => {
          await up;
          const w = { key: `kill9-${n}-${Math.random().toString(36).slice(2, 10)}`, writer };
          writes.set(n, w);
          const response = await send(n, w);
          if (response.status === 201) acks += 1;
          return response;
        },
      });
      const restartMs: number[] = [];
      try {
        for (let i = 0; i < KILLS; i++) {
          // A few writes acknowledged since the restart (at most 15 s on a slow machine), then
          // the kill at a random moment while the next ones are in flight.
          const target = acks + 3;
          const waitUntil = performance.now() + 15_000;
          while (acks < target && performance.now() < waitUntil) await sleep(20);
          await sleep(Math.random() * 400);
          up = new Promise((resolve) => (markUp = resolve));
          const exit = await server.stop('SIGKILL');
          expect(exit.signal).toBe('SIGKILL');
          server = await startServer({ ...where, port });
          restartMs.push(server.readyMs);
          markUp();
        }
        await sleep(500);
      } finally {
        killing = false;
        markUp();
      }
      const records = await load;
      const outcome = tally(records);
      const acknowledged = records.filter((r) => r.status === 201).map((r) => r.n);
      // Anything else must be "no answer" (the process died): never a 5xx or a wrong answer.
      const answeredBadly = records.filter((r) => r.status !== 201 && r.status !== 0);
      expect(answeredBadly, JSON.stringify(outcome)).toEqual([]);

      // Re-send every key with the same body: committed ones replay, the rest are created now.
      const all = [...writes.keys()].sort((a, b) => a - b);
      const replayed = new Set<number>();
      const retryStatuses: number[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: WRITERS }, async () => {
          while (next < all.length) {
            const n = all[next++]!;
            const res = await send(n, writes.get(n)!);
            await res.arrayBuffer();
            retryStatuses.push(res.status);
            if (res.headers.get('idempotent-replayed') === 'true') replayed.add(n);
          }
        }),
      );
      const retryTally: Record<string, number> = {};
      for (const s of retryStatuses) retryTally[s] = (retryTally[s] ?? 0) + 1;
      // On a failure, the server's own error lines say why.
      const serverErrors = () =>
        server!
          .output()
          .split('\n')
          .filter((line) => /"level":(50|60)/.test(line))
          .slice(0, 10)
          .join('\n');
      expect(retryTally, serverErrors()).toEqual({ 201: all.length });
      const lost = acknowledged.filter((n) => !replayed.has(n));
      const committedUnacknowledged = [...replayed].filter((n) => !acknowledged.includes(n));

      expect((await server.stop('SIGTERM')).code).toBe(0);
      const check = await withDatabase(where, async (query) => ({
        duplicates: await query<{ title: string; copies: number }>(
          `select title, count(*)::int as copies from prayers where title like 'kill9 prayer %'
             group by title having count(*) > 1`,
        ),
        prayers: (
          await query<{ n: number }>(
            `select count(*)::int as n from prayers where title like 'kill9 prayer %'`,
          )
        )[0]!.n,
        counterMismatches: await query(
          `select j.id, j.prayer_count, count(p.id)::int as actual from journals j
             left join prayers p on p.journal_id = j.id
             group by j.id having j.prayer_count <> count(p.id)`,
        ),
        activityMismatches: await query(
          `select u.id from users u
             where (select count(*) from prayers p where p.author_id = u.id)
                <> (select count(*) from prayer_activity a
                     where a.user_id = u.id and a.kind = 'prayer_written')`,
        ),
        keysWithoutPrayer: (
          await query<{ n: number }>(
            `select count(*)::int as n from idempotency_keys k
               where k.scope = 'POST /api/prayers'
                 and not exists (select 1 from prayers p where p.id::text = k.body->>'_id')`,
          )
        )[0]!.n,
        prayersWithoutKey: (
          await query<{ n: number }>(
            `select count(*)::int as n from prayers p where not exists
               (select 1 from idempotency_keys k where k.body->>'_id' = p.id::text)`,
          )
        )[0]!.n,
      }));

      const figures = {
        database: variant.name,
        kills: KILLS,
        writesSent: records.length,
        outcomes: outcome,
        acknowledged: acknowledged.length,
        committedButUnacknowledged: committedUnacknowledged.length,
        lost: lost.length,
        duplicates: check.duplicates.length,
        halfWritten:
          check.counterMismatches.length +
          check.activityMismatches.length +
          check.keysWithoutPrayer +
          check.prayersWithoutKey,
        prayersAfterRetry: check.prayers,
        restartToReadyMs: {
          p50: Math.round(percentile(restartMs, 50)),
          max: Math.round(Math.max(...restartMs)),
        },
      };
      console.log(`F1 kill -9 figures: ${JSON.stringify(figures)}`);

      expect(restartMs).toHaveLength(KILLS);
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(lost, 'acknowledged but missing').toEqual([]);
      expect(check.duplicates).toEqual([]);
      expect(check.counterMismatches).toEqual([]);
      expect(check.activityMismatches).toEqual([]);
      expect(check.keysWithoutPrayer).toBe(0);
      expect(check.prayersWithoutKey).toBe(0);
      // Every key sent now has exactly one prayer.
      expect(check.prayers).toBe(all.length);
    });
  });
}
