// `npm run bench`: seeds, measures every scenario against its control, prints tables and
// writes JSON to bench/results/. See bench/README.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SeedLayout } from '../apps/server/src/db/seed.ts';
import { preparePglite, preparePostgres, type PreparedDb } from './lib/database.ts';
import { type LoadResult, runLoad } from './lib/load.ts';
import {
  type BenchOptions,
  type DbKind,
  parseOptions,
  SIZES,
  type SizeName,
} from './lib/options.ts';
import { type Child, ROOT, rssMb, startNode } from './lib/processes.ts';
import { profileQueries, type QueryProfile } from './lib/queries.ts';
import { startBenchServer } from './lib/server.ts';
import { pickUsers, signInOverHttp } from './lib/users.ts';
import {
  evaluate,
  type GrowthRow,
  growthRows,
  growthTable,
  queriesTable,
  resultsTable,
  type ScenarioResult,
  TARGETS,
} from './lib/report.ts';
import {
  type BenchUser,
  type RequestSpec,
  SCENARIOS,
  type Scenario,
  type ScenarioContext,
} from './lib/scenarios.ts';
import type { CapturedBody } from './control-server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const options = parseOptions(process.argv.slice(2), process.env, path.join(here, 'results'));
mkdirSync(options.outDir, { recursive: true });
const runId = new Date().toISOString().replace(/[:.]/g, '-');
const log = (line: string) => console.log(`[bench] ${line}`);

/** How many seeded users sign in for the load (random writers and random others). */
const BENCH_WRITERS = 50;
const BENCH_OTHERS = 50;

interface RunResult {
  db: DbKind;
  size: SizeName;
  startedAt: string;
  seedSeconds: number | null;
  serverStartMs: number;
  results: ScenarioResult[];
  queries: QueryProfile[];
  loadAverage: { before: number[]; after: number[] };
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
  } catch {
    return 'unknown';
  }
}

function selectedScenarios(): Scenario[] {
  if (options.scenarios.length === 0) return SCENARIOS;
  const unknown = options.scenarios.filter((n) => !SCENARIOS.some((s) => s.name === n));
  if (unknown.length > 0) {
    console.error(
      `unknown scenario(s) ${unknown.join(', ')}; choose from ${SCENARIOS.map((s) => s.name).join(', ')}`,
    );
    process.exit(2);
  }
  return SCENARIOS.filter((s) => options.scenarios.includes(s.name));
}

const contextFor = (layout: SeedLayout, users: BenchUser[]): ScenarioContext => ({
  layout,
  users,
  writers: users.filter((u) => u.writer !== null),
});

async function capture(baseUrl: string, spec: RequestSpec): Promise<CapturedBody> {
  const res = await fetch(`${baseUrl}${spec.path}`, {
    method: spec.method,
    headers: spec.headers,
    ...(spec.body === undefined ? {} : { body: spec.body }),
  });
  const text = await res.text();
  if (!res.ok)
    log(`  warning: ${spec.method} ${spec.path} answered ${res.status}: ${text.slice(0, 200)}`);
  return { method: spec.method, status: res.status, body: text ? JSON.parse(text) : null };
}

async function prepare(db: DbKind, size: SizeName): Promise<PreparedDb> {
  return db === 'postgres'
    ? preparePostgres(options.postgresUrl, size, options.keep, log)
    : preparePglite(size, options.keep, log);
}

/** One database and size, set up: seeded, profiled, its server and control running. */
interface Stage {
  run: RunResult;
  prepared: PreparedDb;
  server?: Child;
  control?: Child;
  ctx?: ScenarioContext;
}

async function setUp(db: DbKind, size: SizeName, scenarios: Scenario[]): Promise<Stage> {
  const layout = new SeedLayout(SIZES[size]);
  const run: RunResult = {
    db,
    size,
    startedAt: new Date().toISOString(),
    seedSeconds: null,
    serverStartMs: 0,
    results: [],
    queries: [],
    loadAverage: { before: os.loadavg(), after: [] },
  };
  const prepared = await prepare(db, size);
  const stage: Stage = { run, prepared };
  run.seedSeconds = prepared.seedSeconds;
  if (prepared.seedSeconds !== null)
    log(`seeded in ${prepared.seedSeconds.toFixed(1)} s: ${JSON.stringify(prepared.counts)}`);
  try {
    log(`counting queries in-process (buildApp + inject) on ${db}, ${size}...`);
    run.queries = await profileQueries(
      prepared,
      scenarios,
      (users) => contextFor(layout, users),
      () => pickUsers(layout, 4, 4),
    );
    console.log(
      `\nQueries per request (${db}, ${size}):\n${queriesTable(run.queries, options.explain)}\n`,
    );
    if (options.queriesOnly) return stage;

    const serverStarted = performance.now();
    stage.server = await startBenchServer({
      prepared,
      label: `${runId}-${db}-${size}`,
      outDir: options.outDir,
      readCache: options.readCache,
    });
    run.serverStartMs = performance.now() - serverStarted;
    log(
      `server up in ${run.serverStartMs.toFixed(0)} ms (${stage.server.url}, pid ${stage.server.process.pid}); signing in ${BENCH_WRITERS + BENCH_OTHERS} users...`,
    );
    const users = await signInOverHttp(
      stage.server.url,
      pickUsers(layout, BENCH_WRITERS, BENCH_OTHERS),
    );
    stage.ctx = contextFor(layout, users);

    const bodies: Record<string, CapturedBody> = {};
    for (const s of scenarios) bodies[s.name] = await capture(stage.server.url, s.next(stage.ctx));
    const bodiesFile = path.join(os.tmpdir(), `selah-bench-bodies-${runId}-${db}-${size}.json`);
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    stage.control = await startNode({
      script: 'bench/control-server.ts',
      env: { LOG_LEVEL: 'warn', BENCH_BODIES: bodiesFile },
      readyPath: '/health',
      logFile: path.join(options.outDir, `${runId}-${db}-${size}-control.log`),
    });
    return stage;
  } catch (error) {
    await tearDown(stage);
    throw error;
  }
}

async function tearDown(stage: Stage): Promise<void> {
  stage.run.loadAverage.after = os.loadavg();
  await stage.control?.stop();
  await stage.server?.stop();
  await stage.prepared.dispose();
}

/** Warm-up and measurement of one scenario on the app, then the same on its control. */
async function measure(stage: Stage, s: Scenario): Promise<void> {
  const { server, control, ctx, run } = stage;
  const load = async (baseUrl: string, rewrite?: (p: string) => string): Promise<LoadResult> => {
    const options_ = {
      baseUrl,
      connections: options.connections,
      next: () => s.next(ctx!),
      ...(rewrite ? { rewritePath: rewrite } : {}),
    };
    await runLoad({ ...options_, seconds: options.warmup });
    return runLoad({ ...options_, seconds: options.duration });
  };
  log(
    `${s.name} (${run.db}, ${run.size}): ${options.warmup} s warm-up + ${options.duration} s, then its control...`,
  );
  const app = await load(server!.url);
  const serverRssMb = rssMb(server!.process.pid);
  const ctrl = await load(control!.url, () => `/control/${s.name}`);
  const ratio = app.rps / ctrl.rps;
  const q = run.queries.find((p) => p.scenario === s.name) ?? null;
  run.results.push({
    name: s.name,
    title: s.title,
    kind: s.kind,
    list: s.list,
    app,
    control: ctrl,
    ratio,
    queries: q,
    serverRssMb,
    checks: evaluate(s.kind, s.list, app, ratio, q),
  });
  log(
    `  ${Math.round(app.rps)} req/s (control ${Math.round(ctrl.rps)}, ${(ratio * 100).toFixed(0)} %), p50 ${app.p50} ms, p99 ${app.p99} ms, errors ${app.errors}${app.errors ? ` ${JSON.stringify(app.statusCodes)}` : ''}`,
  );
}

/**
 * The newest saved run of this database and size, with remembered reads as in this run (for
 * growth across separate runs).
 */
function latestSaved(db: DbKind, size: SizeName): { file: string; run: RunResult } | null {
  const files = readdirSync(options.outDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .reverse();
  for (const file of files) {
    try {
      const data = JSON.parse(readFileSync(path.join(options.outDir, file), 'utf8')) as {
        runs?: RunResult[];
        options?: Partial<BenchOptions>;
      };
      if ((data.options?.readCache ?? 'on') !== options.readCache) continue;
      const run = data.runs?.find((r) => r.db === db && r.size === size);
      if (run) return { file, run };
    } catch {
      // not ours
    }
  }
  return null;
}

async function main(options: BenchOptions) {
  const scenarios = selectedScenarios();
  const runs: RunResult[] = [];
  for (const db of options.dbs) {
    const sizes = options.sizes.filter((size) => {
      if (size === 'large' && db === 'pglite') {
        log('skipping large on PGlite: the large seed is for PostgreSQL only');
        return false;
      }
      return true;
    });
    if (options.seedOnly) {
      for (const size of sizes) {
        const prepared = await prepare(db, size);
        log(
          `ready: ${prepared.label}${prepared.seedSeconds === null ? '' : ` (seeded in ${prepared.seedSeconds.toFixed(0)} s)`}`,
        );
      }
      continue;
    }
    // Every size is set up first, then each scenario runs on each size in turn, so the sizes
    // are compared minutes apart rather than a whole run apart.
    const stages: Stage[] = [];
    try {
      for (const size of sizes) stages.push(await setUp(db, size, scenarios));
      if (!options.queriesOnly) {
        for (const s of scenarios) for (const stage of stages) await measure(stage, s);
      }
    } finally {
      for (const stage of stages) await tearDown(stage);
    }
    runs.push(...stages.map((stage) => stage.run));
  }

  if (options.seedOnly) return;
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
  const growth: { db: DbKind; rows: GrowthRow[]; otherRunFile?: string }[] = [];
  for (const db of options.dbs) {
    const small = runs.find((r) => r.db === db && r.size === 'small');
    const large = runs.find((r) => r.db === db && r.size === 'large');
    if (!small && !large) continue;
    if (small && large) {
      growth.push({ db, rows: growthRows(small.results, large.results) });
    } else {
      const other = latestSaved(db, small ? 'large' : 'small');
      if (other) {
        const [s, l] = small ? [small, other.run] : [other.run, large!];
        growth.push({ db, rows: growthRows(s.results, l.results), otherRunFile: other.file });
      }
    }
  }

  const file = path.join(options.outDir, `${runId}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      { runId, commit: gitCommit(), machine, options, targets: TARGETS, runs, growth },
      null,
      2,
    ),
  );

  for (const run of runs.filter((r) => r.results.length > 0)) {
    console.log(
      `\n## ${run.db}, ${run.size} seed (${options.duration} s per scenario after ${options.warmup} s warm-up, ${options.connections} connections, remembered reads ${options.readCache}; load average ${run.loadAverage.before.map((x) => x.toFixed(1)).join(' ')} before)\n`,
    );
    console.log(resultsTable(run.results));
    const rss = Math.max(...run.results.map((r) => r.serverRssMb ?? 0));
    console.log(
      `\nserver start ${run.serverStartMs.toFixed(0)} ms; peak server RSS ${rss.toFixed(0)} MB; queries = session lookup + other statements`,
    );
  }
  for (const g of growth) {
    console.log(
      `\n## Growth on ${g.db}, remembered reads ${options.readCache} (cost = control req/s / req/s${g.otherRunFile ? `; the other size from ${g.otherRunFile}` : ''})\n`,
    );
    console.log(growthTable(g.rows));
  }
  console.log(
    `\nmachine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGb} GB, Node ${machine.node}; commit ${gitCommit()}`,
  );
  console.log(`results: ${path.relative(ROOT, file)}`);
}

await main(options);
