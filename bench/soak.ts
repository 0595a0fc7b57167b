// `npm run soak -w @selah/bench`: quality guide P9. A steady mix of every read and write scenario
// at a fraction of the measured capacity for several minutes, in 10 s slices, watching the
// server's memory, open files, database connections and errors. See bench/README.md.
import { readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { SeedLayout } from '../apps/server/src/db/seed.ts';
import { type LoadResult, runLoad } from './lib/load.ts';
import { SIZES } from './lib/options.ts';
import { type Child, rssMb } from './lib/processes.ts';
import { nextRequest, type RequestSpec, SCENARIOS, type ScenarioContext } from './lib/scenarios.ts';
import { benchScript, DB_OPTION } from './lib/script.ts';
import { startBenchServer } from './lib/server.ts';
import { pickUsers, signInOverHttp } from './lib/users.ts';

const { values: args } = parseArgs({
  options: {
    ...DB_OPTION,
    minutes: { type: 'string', default: '10' },
    fraction: { type: 'string', default: '0.3' },
    slice: { type: 'string', default: '10' },
  },
});
const { db, outDir, runId, log, prepareSmall } = benchScript('soak', args.db);
const MINUTES = Number(args.minutes);
const FRACTION = Number(args.fraction);
const SLICE_S = Number(args.slice);
/** Slices before the baseline is taken: caches, JIT and pools warm up first. */
const WARMUP_SLICES = 3;
const CONNECTIONS = 16;
/** quality.md P9. */
const TARGETS = { rssGrowth: 0.1, fdGrowth: 5, poolMax: 10 };

const openFiles = (pid: number | undefined) => {
  try {
    return pid ? readdirSync(`/proc/${pid}/fd`).length : null;
  } catch {
    return null;
  }
};

/** Connections the server holds on PostgreSQL (its pool), or null on PGlite. */
async function poolConnections(databaseUrl: string | undefined): Promise<number | null> {
  if (!databaseUrl) return null;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and application_name = 'selah'`,
    );
    return rows[0]?.n ?? null;
  } finally {
    await client.end();
  }
}

interface Slice {
  at: number;
  load: LoadResult;
  rssMb: number | null;
  openFiles: number | null;
  pool: number | null;
}

const layout = new SeedLayout(SIZES.small);
const prepared = await prepareSmall();
let server: Child | undefined;
try {
  server = await startBenchServer({ prepared, label: `${runId}-soak-${db}`, outDir });
  const pid = server.process.pid;
  const baseUrl = server.url;
  const users = await signInOverHttp(baseUrl, pickUsers(layout, 50, 50));
  const ctx: ScenarioContext = {
    layout,
    users,
    writers: users.filter((u) => u.writer !== null),
  };
  // Every scenario but sign-in (whose cost is Argon2 by design), in turn.
  const mix = SCENARIOS.filter((s) => s.kind !== 'login');
  let turn = 0;
  const next = (): RequestSpec => nextRequest(mix[turn++ % mix.length]!, ctx);

  log('measuring capacity (10 s, as fast as it goes)...');
  const capacity = await runLoad({ baseUrl, seconds: 10, connections: CONNECTIONS, next });
  const rate = Math.max(1, Math.round(capacity.rps * FRACTION));
  const slices = Math.max(WARMUP_SLICES + 1, Math.round((MINUTES * 60) / SLICE_S));
  log(
    `capacity ${capacity.rps.toFixed(0)} req/s; soaking at ${rate} req/s (${FRACTION * 100} %) for ${slices} x ${SLICE_S} s`,
  );

  const started = performance.now();
  const results: Slice[] = [];
  for (let i = 0; i < slices; i++) {
    const load = await runLoad({ baseUrl, seconds: SLICE_S, connections: CONNECTIONS, next, rate });
    const slice: Slice = {
      at: (performance.now() - started) / 1000,
      load,
      rssMb: rssMb(pid),
      openFiles: openFiles(pid),
      pool: await poolConnections(prepared.serverEnv.DATABASE_URL),
    };
    results.push(slice);
    log(
      `${String(i + 1).padStart(3)}/${slices}  ${load.rps.toFixed(0)} req/s  p50 ${load.p50} / p99 ${load.p99} ms  errors ${load.errors}  RSS ${slice.rssMb?.toFixed(0)} MB  fds ${slice.openFiles}${slice.pool === null ? '' : `  pool ${slice.pool}`}`,
    );
  }

  const base = results[WARMUP_SLICES - 1]!;
  const last = results.at(-1)!;
  const errors = results.reduce((n, s) => n + s.load.errors, 0);
  const rssGrowth =
    base.rssMb !== null && last.rssMb !== null ? (last.rssMb - base.rssMb) / base.rssMb : NaN;
  const fdGrowth =
    base.openFiles !== null && last.openFiles !== null ? last.openFiles - base.openFiles : NaN;
  const poolPeak = Math.max(...results.map((s) => s.pool ?? 0));
  const p99s = results.map((s) => s.load.p99).sort((a, b) => a - b);
  const summary = {
    runId,
    db,
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, loadAverage: os.loadavg() },
    capacity: capacity.rps,
    rate,
    slices: results,
    rssGrowth,
    fdGrowth,
    poolPeak: prepared.serverEnv.DATABASE_URL ? poolPeak : null,
    errors,
  };
  writeFileSync(path.join(outDir, `${runId}-soak-${db}.json`), JSON.stringify(summary, null, 2));

  const rows: [string, string, string, boolean][] = [
    [
      'resident memory',
      `${base.rssMb?.toFixed(0)} MB after warm-up -> ${last.rssMb?.toFixed(0)} MB (${(rssGrowth * 100).toFixed(1)} %)`,
      `<= +${TARGETS.rssGrowth * 100} %`,
      rssGrowth <= TARGETS.rssGrowth,
    ],
    [
      'open files',
      `${base.openFiles} -> ${last.openFiles}`,
      `<= +${TARGETS.fdGrowth}`,
      fdGrowth <= TARGETS.fdGrowth,
    ],
    [
      'errors',
      `${errors} of ${results.reduce((n, s) => n + s.load.requests, 0)}`,
      '0',
      errors === 0,
    ],
    [
      'p99 per slice',
      `median ${p99s[Math.floor(p99s.length / 2)]} ms, worst ${p99s.at(-1)} ms`,
      'reported',
      true,
    ],
  ];
  if (prepared.serverEnv.DATABASE_URL)
    rows.push([
      'PostgreSQL connections',
      `peak ${poolPeak}`,
      `<= ${TARGETS.poolMax} (the pool's max)`,
      poolPeak <= TARGETS.poolMax,
    ]);
  console.log(
    `\nSoak (P9), ${db}, ${slices} x ${SLICE_S} s at ${rate} req/s (load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')})`,
  );
  for (const [name, value, target, ok] of rows)
    console.log(`  ${ok ? 'pass' : 'FAIL'}  ${name.padEnd(24)} ${value}  [target ${target}]`);
} finally {
  await server?.stop();
  await prepared.dispose();
}
