// `npm run bench`: seeds, measures every scenario against its controls and the mixed load
// against the same mix on the controls, prints tables and writes JSON to bench/results/. See
// bench/README.md and docs/decisions/048-benchmarks-against-the-data-limit.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SeedLayout } from '../apps/server/src/db/seed.ts';
import {
  CONTROL_TITLES,
  type ControlKind,
  controlPath,
  type ControlPlan,
  controlsOf,
} from './lib/control.ts';
import { preparePglite, preparePostgres, type PreparedDb } from './lib/database.ts';
import { BENCH_APP_ORIGIN } from './lib/in-process.ts';
import { type LoadResult, runLoad } from './lib/load.ts';
import {
  journey,
  JOURNEY_LENGTH,
  JOURNEY_SCENARIOS,
  JOURNEY_WRITE_SHARE,
  type MixTarget,
  mixPath,
} from './lib/mix.ts';
import {
  type BenchOptions,
  type DbKind,
  parseOptions,
  SIZES,
  type SizeName,
} from './lib/options.ts';
import { type Child, ROOT, rssMb, startNode } from './lib/processes.ts';
import { profileQueries, type QueryProfile } from './lib/queries.ts';
import {
  evaluate,
  evaluateMix,
  type GrowthRow,
  growthRows,
  growthTable,
  type MixResult,
  mixTable,
  queriesTable,
  resultsTable,
  type ScenarioResult,
  summaryTables,
  TARGETS,
} from './lib/report.ts';
import {
  type BenchUser,
  nextRequest,
  SCENARIOS,
  type Scenario,
  type ScenarioContext,
} from './lib/scenarios.ts';
import { startBenchServer } from './lib/server.ts';
import { pickUsers, sampleUsers, signInOverHttp, type SignedInUser } from './lib/users.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const options = parseOptions(process.argv.slice(2), process.env, path.join(here, 'results'));
mkdirSync(options.outDir, { recursive: true });
const runId = new Date().toISOString().replace(/[:.]/g, '-');
const log = (line: string) => console.log(`[bench] ${line}`);

/** How many seeded users sign in for the scenarios (random writers and random others). */
const BENCH_WRITERS = 50;
const BENCH_OTHERS = 50;
/** The name that selects the mixed load in --scenarios. */
const MIX = 'mix';

interface RunResult {
  db: DbKind;
  size: SizeName;
  startedAt: string;
  seedSeconds: number | null;
  serverStartMs: number;
  results: ScenarioResult[];
  mix: MixResult | null;
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

/** The scenarios chosen, and whether the mixed load is. */
function selection(): { scenarios: Scenario[]; mix: boolean } {
  if (options.scenarios.length === 0) return { scenarios: SCENARIOS, mix: true };
  const known = [...SCENARIOS.map((s) => s.name), MIX];
  const unknown = options.scenarios.filter((n) => !known.includes(n));
  if (unknown.length > 0) {
    console.error(`unknown scenario(s) ${unknown.join(', ')}; choose from ${known.join(', ')}`);
    process.exit(2);
  }
  return {
    scenarios: SCENARIOS.filter((s) => options.scenarios.includes(s.name)),
    mix: options.scenarios.includes(MIX),
  };
}

const contextFor = (layout: SeedLayout, users: BenchUser[]): ScenarioContext => ({
  layout,
  users,
  writers: users.filter((u) => u.writer !== null),
});

async function prepare(db: DbKind, size: SizeName): Promise<PreparedDb> {
  return db === 'postgres'
    ? preparePostgres(options.postgresUrl, size, options.keep, log)
    : preparePglite(size, options.keep, log);
}

/** One database and size, set up: seeded, profiled, its server and controls running. */
interface Stage {
  run: RunResult;
  layout: SeedLayout;
  prepared: PreparedDb;
  /** What the controls answer (captured from the app). */
  plan?: ControlPlan;
  server?: Child;
  control?: Child;
  ctx?: ScenarioContext;
  /** The mixed load's signed-in users, drawn from all seeded users. */
  mixUsers?: SignedInUser[];
}

async function setUp(
  db: DbKind,
  size: SizeName,
  chosen: { scenarios: Scenario[]; mix: boolean },
): Promise<Stage> {
  const layout = new SeedLayout(SIZES[size]);
  const run: RunResult = {
    db,
    size,
    startedAt: new Date().toISOString(),
    seedSeconds: null,
    serverStartMs: 0,
    results: [],
    mix: null,
    queries: [],
    loadAverage: { before: os.loadavg(), after: [] },
  };
  const prepared = await prepare(db, size);
  const stage: Stage = { run, layout, prepared };
  run.seedSeconds = prepared.seedSeconds;
  if (prepared.seedSeconds !== null)
    log(`seeded in ${prepared.seedSeconds.toFixed(1)} s: ${JSON.stringify(prepared.counts)}`);
  try {
    // The scenarios measured, and those the journeys walk: the controls need all of them.
    const captured = SCENARIOS.filter(
      (s) =>
        chosen.scenarios.includes(s) ||
        (chosen.mix && (JOURNEY_SCENARIOS as readonly string[]).includes(s.name)),
    );
    log(`counting and capturing queries in-process (buildApp + inject) on ${db}, ${size}...`);
    const handle = await prepared.open();
    const profiled = await profileQueries(handle, captured, layout, () =>
      pickUsers(layout, 4, 4),
    ).finally(() => handle.close());
    run.queries = profiled.profiles;
    stage.plan = profiled.plan;
    for (const p of run.queries)
      if (p.status >= 400) log(`  warning: the captured ${p.scenario} answered ${p.status}`);
    console.log(
      `\nQueries per request (${db}, ${size}):\n${queriesTable(run.queries, options.explain)}\n`,
    );
    if (options.queriesOnly) return stage;

    const planFile = path.join(os.tmpdir(), `selah-bench-plan-${runId}-${db}-${size}.json`);
    writeFileSync(planFile, JSON.stringify(profiled.plan));
    const controlDb = prepared.controlDatabase();
    const jwtSecret = randomBytes(32).toString('hex');
    const serverStarted = performance.now();
    stage.server = await startBenchServer({
      prepared,
      label: `${runId}-${db}-${size}`,
      outDir: options.outDir,
      jwtSecret,
    });
    run.serverStartMs = performance.now() - serverStarted;
    log(`server up in ${run.serverStartMs.toFixed(0)} ms (${stage.server.url})`);
    log(`signing in ${BENCH_WRITERS + BENCH_OTHERS} users...`);
    const users = await signInOverHttp(
      stage.server.url,
      pickUsers(layout, BENCH_WRITERS, BENCH_OTHERS),
    );
    stage.ctx = contextFor(layout, users);
    if (chosen.mix) {
      const count = Math.min(options.mixUsers, layout.users);
      log(`signing in ${count} of the ${layout.users} seeded users for the mixed load...`);
      const started = performance.now();
      stage.mixUsers = await signInOverHttp(stage.server.url, sampleUsers(layout, count));
      log(`  signed in in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    log('starting the controls...');
    await controlDb.addSessions([...users, ...(stage.mixUsers ?? [])]);
    stage.control = await startNode({
      script: 'bench/control-server.ts',
      env: {
        LOG_LEVEL: 'warn',
        BENCH_CONTROL_PLAN: planFile,
        JWT_SECRET: jwtSecret,
        APP_ORIGIN: BENCH_APP_ORIGIN,
        DATABASE_URL: '',
        ...controlDb.env,
      },
      readyPath: '/health',
      logFile: path.join(options.outDir, `${runId}-${db}-${size}-control.log`),
    });
    rmSync(planFile, { force: true });
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

/** Warm-up, then the measured window. */
async function measured(load: Omit<Parameters<typeof runLoad>[0], 'seconds'>): Promise<LoadResult> {
  await runLoad({ ...load, seconds: options.warmup });
  return runLoad({ ...load, seconds: options.duration });
}

const CONTROL_ORDER: ControlKind[] = ['b', 'a', 'bare'];

/** One scenario on the app, then the same requests on each of its controls. */
async function measure(stage: Stage, s: Scenario): Promise<void> {
  const { server, control, ctx, run } = stage;
  const kinds = controlsOf(stage.plan!.scenarios.find((c) => c.name === s.name)!).sort(
    (x, y) => CONTROL_ORDER.indexOf(x) - CONTROL_ORDER.indexOf(y),
  );
  log(
    `${s.name} (${run.db}, ${run.size}): ${options.warmup} s warm-up + ${options.duration} s, then its controls (${kinds.join(', ')})...`,
  );
  const base = { connections: options.connections, next: () => nextRequest(s, ctx!) };
  const app = await measured({ ...base, baseUrl: server!.url });
  const serverRssMb = rssMb(server!.process.pid);
  const controls: ScenarioResult['controls'] = {};
  const ratios: ScenarioResult['ratios'] = {};
  for (const kind of kinds) {
    const c = await measured({
      ...base,
      baseUrl: control!.url,
      rewritePath: (spec) => controlPath(kind, s.name, spec.path),
    });
    controls[kind] = c;
    ratios[kind] = app.rps / c.rps;
    if (c.errors > 0)
      log(
        `  warning: control ${kind} answered ${c.errors} errors ${JSON.stringify(c.statusCodes)}`,
      );
  }
  const q = run.queries.find((p) => p.scenario === s.name) ?? null;
  run.results.push({
    name: s.name,
    title: s.title,
    kind: s.kind,
    list: s.list,
    app,
    controls,
    ratios,
    queries: q,
    serverRssMb,
    checks: evaluate(s.kind, app, ratios, q),
  });
  const shares = kinds
    .map(
      (k) =>
        `${CONTROL_TITLES[k]} ${Math.round(controls[k]!.rps)} (${(ratios[k]! * 100).toFixed(0)} %)`,
    )
    .join(', ');
  log(
    `  ${Math.round(app.rps)} req/s, p50 ${app.p50} ms, p99 ${app.p99} ms, errors ${app.errors}${app.errors ? ` ${JSON.stringify(app.statusCodes)}` : ''}; ${shares}`,
  );
}

/** The mixed load on the app, then on control (b) (writes by the app's SQL), then (a). */
async function measureMix(stage: Stage): Promise<void> {
  const { server, control, run, layout, mixUsers } = stage;
  log(
    `mixed load (${run.db}, ${run.size}): ${mixUsers!.length} users walking ${JOURNEY_LENGTH}-request journeys, ${options.warmup} s warm-up + ${options.duration} s each on the app and the controls...`,
  );
  const on = (target: MixTarget) =>
    measured({
      baseUrl: target === 'app' ? server!.url : control!.url,
      connections: options.connections,
      journey: journey(mixUsers!, layout),
      rewritePath: mixPath(target),
    });
  const app = await on('app');
  const controls: MixResult['controls'] = { b: await on('b'), a: await on('a') };
  const ratios = { b: app.rps / controls.b!.rps, a: app.rps / controls.a!.rps };
  for (const [kind, c] of Object.entries(controls))
    if (c.errors > 0)
      log(
        `  warning: the mix on control ${kind} answered ${c.errors} errors ${JSON.stringify(c.statusCodes)}`,
      );
  run.mix = {
    users: mixUsers!.length,
    journey: JOURNEY_LENGTH,
    writeShare: JOURNEY_WRITE_SHARE,
    app,
    controls,
    ratios,
    checks: evaluateMix(app, ratios),
  };
  log(
    `  app ${Math.round(app.rps)} req/s (p50 ${app.p50}, p99 ${app.p99} ms, errors ${app.errors}${app.errors ? ` ${JSON.stringify(app.statusCodes)}` : ''}); control (b) ${Math.round(controls.b!.rps)} (${(ratios.b * 100).toFixed(0)} %), control (a) ${Math.round(controls.a!.rps)} (${(ratios.a * 100).toFixed(0)} %)`,
  );
}

/** The newest saved run of this database and size in today's format (growth across runs). */
function latestSaved(db: DbKind, size: SizeName): { file: string; run: RunResult } | null {
  const files = readdirSync(options.outDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .reverse();
  for (const file of files) {
    try {
      const data = JSON.parse(readFileSync(path.join(options.outDir, file), 'utf8')) as {
        runs?: RunResult[];
      };
      const run = data.runs?.find((r) => r.db === db && r.size === size);
      if (run?.results.some((r) => r.controls?.b)) return { file, run };
    } catch {
      // not ours
    }
  }
  return null;
}

const label = (run: Pick<RunResult, 'db' | 'size'>) =>
  `${run.db === 'postgres' ? 'PostgreSQL' : 'PGlite'} ${run.size}`;

async function main(options: BenchOptions) {
  const chosen = selection();
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
      for (const size of sizes) stages.push(await setUp(db, size, chosen));
      if (!options.queriesOnly) {
        for (const s of chosen.scenarios) for (const stage of stages) await measure(stage, s);
        if (chosen.mix) for (const stage of stages) await measureMix(stage);
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

  const measuredRuns = runs.filter((r) => r.results.length > 0 || r.mix);
  for (const run of measuredRuns) {
    console.log(
      `\n## ${label(run)} seed (${options.duration} s per measurement after ${options.warmup} s warm-up, ${options.connections} connections; load average ${run.loadAverage.before.map((x) => x.toFixed(1)).join(' ')} before, ${run.loadAverage.after.map((x) => x.toFixed(1)).join(' ')} after)\n`,
    );
    if (run.results.length > 0) {
      console.log(resultsTable(run.results));
      const rss = Math.max(...run.results.map((r) => r.serverRssMb ?? 0));
      console.log(
        `\nserver start ${run.serverStartMs.toFixed(0)} ms; peak server RSS ${rss.toFixed(0)} MB; queries = session lookup + other statements; (b) one statement, (a) app SQL: app req/s as a share of each`,
      );
    }
    if (run.mix) {
      console.log(
        `\nMixed load: ${run.mix.users} users drawn from all seeded users, journeys of ${run.mix.journey} requests, ${(run.mix.writeShare * 100).toFixed(0)} % writes\n`,
      );
      console.log(mixTable(run.mix));
    }
  }
  for (const g of growth) {
    console.log(
      `\n## Growth on ${g.db} (cost = one statement's req/s / the app's${g.otherRunFile ? `; the other size from ${g.otherRunFile}` : ''})\n`,
    );
    console.log(growthTable(g.rows));
  }
  if (measuredRuns.length > 0) {
    console.log(`\n## Summary (for the README)\n`);
    console.log(
      summaryTables(measuredRuns.map((r) => ({ label: label(r), results: r.results, mix: r.mix }))),
    );
  }
  console.log(
    `\nmachine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGb} GB, Node ${machine.node}; commit ${gitCommit()}`,
  );
  console.log(`results: ${path.relative(ROOT, file)}`);
}

await main(options);
