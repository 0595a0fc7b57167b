import { parseArgs } from 'node:util';
import type { SeedOptions } from '../../apps/server/src/db/seed.ts';

export type SizeName = 'small' | 'large';
export type DbKind = 'pglite' | 'postgres';

/**
 * The two seed sizes. Both have the same shape per user (every fifth user writes one journal of
 * 50 prayers; 100 friends, 2 prayer requests and 10 notifications each), so the large/small
 * ratio shows what the size of the tables costs, not what a bigger account costs.
 */
export const SIZES: Record<SizeName, SeedOptions> = {
  small: {
    users: 1_000,
    writerEvery: 5,
    journalsPerUser: 1,
    prayersPerJournal: 50,
    friendsPerUser: 100,
    requestsPerUser: 2,
    notificationsPerUser: 10,
    groups: 10,
    activity: true,
    plan: 'premium',
  },
  large: {
    users: 100_000,
    writerEvery: 5,
    journalsPerUser: 1,
    prayersPerJournal: 50,
    friendsPerUser: 100,
    requestsPerUser: 2,
    notificationsPerUser: 10,
    groups: 1_000,
    activity: true,
    plan: 'premium',
  },
};

export interface BenchOptions {
  sizes: SizeName[];
  dbs: DbKind[];
  /** Seconds of measurement per scenario (and per control). */
  duration: number;
  /** Seconds of warm-up before each measurement. */
  warmup: number;
  connections: number;
  /** Scenario names to run (all when empty). */
  scenarios: string[];
  explain: boolean;
  /** Keep the seeded database (and reuse it next time when it matches). */
  keep: boolean;
  /** Seed (and keep) the database, then stop. */
  seedOnly: boolean;
  /** Count queries and EXPLAIN them, without load. */
  queriesOnly: boolean;
  /** How many seeded users, drawn from all of them, walk the mixed load's journeys. */
  mixUsers: number;
  postgresUrl: string;
  /** Where the JSON results go. */
  outDir: string;
}

const USAGE = `Usage: npm run bench -- [options]

  --size small|large|small,large   seed size(s) (default small; large is PostgreSQL only)
  --db pglite|postgres|pglite,postgres   database(s) (default pglite)
  --duration <s>     seconds per scenario and per control (default 10)
  --warmup <s>       warm-up seconds before each (default 2)
  --connections <n>  concurrent connections (default 16)
  --scenarios a,b,c  subset of scenarios (default all, and "mix", the mixed load); see bench/README.md
  --explain          print EXPLAIN of every query the scenarios run
  --keep             keep the seeded database and reuse it next run (same size)
  --seed-only        seed and keep the database(s), measure nothing
  --queries-only     count queries per request and EXPLAIN them (with --explain), no load
  --mix-users <n>    users drawn from all seeded users for the mixed load (default 1000)
  --help

Environment: BENCH_SIZE, BENCH_DB, BENCH_DURATION, BENCH_WARMUP, BENCH_CONNECTIONS,
BENCH_SCENARIOS, BENCH_EXPLAIN=1, BENCH_KEEP=1, BENCH_MIX_USERS, BENCH_DATABASE_URL
(default postgres://postgres@127.0.0.1:5432/postgres: the bench creates and drops its own database).`;

const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv, outDir: string): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      size: { type: 'string' },
      db: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      scenarios: { type: 'string' },
      explain: { type: 'boolean' },
      keep: { type: 'boolean' },
      'seed-only': { type: 'boolean' },
      'queries-only': { type: 'boolean' },
      'mix-users': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const sizes = list(values.size ?? env.BENCH_SIZE ?? 'small');
  const dbs = list(values.db ?? env.BENCH_DB ?? 'pglite');
  for (const s of sizes) if (s !== 'small' && s !== 'large') fail(`unknown size "${s}"`);
  for (const d of dbs) if (d !== 'pglite' && d !== 'postgres') fail(`unknown database "${d}"`);
  const number = (raw: string | undefined, fallback: number, name: string) => {
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isFinite(n) || n <= 0) fail(`--${name} must be a positive number`);
    return n;
  };
  return {
    sizes: sizes as SizeName[],
    dbs: dbs as DbKind[],
    duration: number(values.duration ?? env.BENCH_DURATION, 10, 'duration'),
    warmup: number(values.warmup ?? env.BENCH_WARMUP, 2, 'warmup'),
    connections: Math.round(number(values.connections ?? env.BENCH_CONNECTIONS, 16, 'connections')),
    scenarios: list(values.scenarios ?? env.BENCH_SCENARIOS ?? ''),
    explain: values.explain ?? env.BENCH_EXPLAIN === '1',
    keep: (values.keep ?? env.BENCH_KEEP === '1') || values['seed-only'] === true,
    seedOnly: values['seed-only'] ?? false,
    queriesOnly: values['queries-only'] ?? false,
    mixUsers: Math.round(number(values['mix-users'] ?? env.BENCH_MIX_USERS, 1000, 'mix-users')),
    postgresUrl: env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    outDir,
  };
}

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}
