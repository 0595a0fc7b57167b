// `npm test`: every test suite of the repository, one after another, then one summary.
//   1. Vitest, all projects, with TEST_DATABASE_URL removed (server tests on PGlite);
//   2. Vitest, server project, on PostgreSQL (only when TEST_DATABASE_URL is set);
//   3. Fault scripts (bench/faults/vitest.config.ts; PostgreSQL/Redis variants when their URLs are set);
//   4. Playwright journeys (e2e/playwright.config.ts; the config starts the whole stack).
// Each suite's own output streams through; its JSON report is read for the counts. The last
// line printed is `N passed, N failed` (plus `, N skipped` when any were skipped), and the exit
// code is non-zero when any test failed or any suite crashed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VITEST = path.join(root, 'node_modules/.bin/vitest');
const PLAYWRIGHT = path.join(root, 'node_modules/.bin/playwright');
/** A suite that runs longer than this is stopped and counted as crashed. */
const SUITE_TIMEOUT_MS = Number(process.env.SELAH_SUITE_TIMEOUT_MINUTES ?? 35) * 60_000;

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** What a suite's JSON report says. */
interface Parsed extends Counts {
  problem?: string;
  /** One line per failed test: file, title and the first line of its error. */
  failures?: string[];
}

interface SuiteResult extends Parsed {
  name: string;
  /** Why the suite did not produce a trustworthy result (missing report, crash, timeout). */
  problem?: string;
  seconds: number;
}

interface Suite {
  name: string;
  command: string[];
  env: NodeJS.ProcessEnv;
  reportFile: string;
  /** Reads the suite's JSON report; throws when it is missing or malformed. */
  parse: (report: unknown) => Parsed;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** The first line of a failure message, for the summary (full output is above it). */
function firstLine(message: string): string {
  const line = message
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  return line ? `: ${line.slice(0, 300)}` : '';
}

/** How much of a suite's output is kept to explain a crash. */
const OUTPUT_TAIL_CHARS = 2_000_000;

/**
 * Errors Vitest caught outside any test ("Unhandled Errors" in its output, absent from its
 * JSON report): the error line, and the file and test it names as the likely origin.
 */
function unhandledErrors(output: string): string[] {
  const lines = stripVTControlCharacters(output).split('\n');
  const start = lines.findIndex((line) => /Unhandled Errors?\b/.test(line));
  if (start === -1) return [];
  const found: string[] = [];
  for (const raw of lines.slice(start)) {
    const line = raw.trim();
    if (/^(\w*Error|Unhandled Rejection|Unhandled Error)\b/.test(line) && !/⎯/.test(line)) {
      found.push(`unhandled: ${line.slice(0, 300)}`);
    } else if (
      /^(This error originated in|The last test to run before|The latest test that might've caused)/.test(
        line,
      )
    ) {
      found.push(`  ${line.slice(0, 300)}`);
    }
    if (found.length >= 12) break;
  }
  return found.length > 0 ? found : ['unhandled errors were reported (see the output above)'];
}

/** Vitest's JSON reporter (Jest-compatible shape). */
function parseVitest(report: unknown): Parsed {
  if (!isRecord(report) || typeof report.numTotalTests !== 'number') {
    throw new Error('not a Vitest JSON report');
  }
  // A test file that fails to load has no failed tests, only a failed file: count it once.
  const brokenFiles = (Array.isArray(report.testResults) ? report.testResults : []).filter(
    (file: unknown) =>
      isRecord(file) &&
      file.status === 'failed' &&
      !(Array.isArray(file.assertionResults) ? file.assertionResults : []).some(
        (test: unknown) => isRecord(test) && test.status === 'failed',
      ),
  ).length;
  const failures: string[] = [];
  for (const file of Array.isArray(report.testResults) ? report.testResults : []) {
    if (!isRecord(file)) continue;
    const name = typeof file.name === 'string' ? path.relative(process.cwd(), file.name) : '?';
    const tests = Array.isArray(file.assertionResults) ? file.assertionResults : [];
    for (const test of tests) {
      if (!isRecord(test) || test.status !== 'failed') continue;
      const why = Array.isArray(test.failureMessages) ? String(test.failureMessages[0] ?? '') : '';
      failures.push(`${name} > ${String(test.fullName ?? test.title)}${firstLine(why)}`);
    }
    if (file.status === 'failed' && !tests.some((t) => isRecord(t) && t.status === 'failed')) {
      failures.push(
        `${name} (did not run)${firstLine(typeof file.message === 'string' ? file.message : '')}`,
      );
    }
  }
  return {
    failures,
    passed: num(report.numPassedTests),
    failed: num(report.numFailedTests) + brokenFiles,
    skipped: num(report.numPendingTests) + num(report.numTodoTests),
    ...(brokenFiles > 0 ? { problem: `${brokenFiles} test file(s) failed to run` } : {}),
  };
}

/** Playwright's JSON reporter: `stats` plus run-level `errors` (e.g. the web server failed). */
function parsePlaywright(report: unknown): Parsed {
  if (!isRecord(report) || !isRecord(report.stats)) throw new Error('not a Playwright JSON report');
  const { stats } = report;
  const errors = Array.isArray(report.errors) ? report.errors.length : 0;
  const failures: string[] = [];
  const walk = (suite: unknown): void => {
    if (!isRecord(suite)) return;
    for (const spec of Array.isArray(suite.specs) ? suite.specs : []) {
      if (!isRecord(spec)) continue;
      for (const test of Array.isArray(spec.tests) ? spec.tests : []) {
        if (!isRecord(test) || (test.status !== 'unexpected' && test.status !== 'flaky')) continue;
        const results = Array.isArray(test.results) ? test.results.filter(isRecord) : [];
        const error = results
          .map((r) =>
            isRecord(r.error) && typeof r.error.message === 'string' ? r.error.message : '',
          )
          .find(Boolean);
        const label = test.status === 'flaky' ? ' (flaky, passed on retry)' : '';
        failures.push(
          `${String(spec.file)}:${String(spec.line)} > ${String(spec.title)}${label}${firstLine(stripVTControlCharacters(error ?? ''))}`,
        );
      }
    }
    for (const child of Array.isArray(suite.suites) ? suite.suites : []) walk(child);
  };
  for (const suite of Array.isArray(report.suites) ? report.suites : []) walk(suite);
  return {
    failures,
    passed: num(stats.expected) + num(stats.flaky),
    failed: num(stats.unexpected),
    skipped: num(stats.skipped),
    ...(errors > 0 ? { problem: `${errors} run-level error(s) (see above)` } : {}),
  };
}

let activeChild: ReturnType<typeof spawn> | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    activeChild?.kill(signal);
    process.exit(130);
  });
}

function runSuite(suite: Suite): Promise<SuiteResult> {
  console.log(`\n=== ${suite.name} ===\n`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, suite.command, {
      cwd: root,
      env: suite.env,
      stdio: ['inherit', 'pipe', 'pipe'],
    });
    activeChild = child;
    // The output streams through as before; its tail is kept to name errors that happened
    // outside any test (Vitest's "Unhandled Errors"), which its JSON report does not hold.
    let tail = '';
    const keep = (target: NodeJS.WriteStream) => (chunk: Buffer) => {
      target.write(chunk);
      tail += chunk.toString('utf8');
      if (tail.length > 2 * OUTPUT_TAIL_CHARS) tail = tail.slice(-OUTPUT_TAIL_CHARS);
    };
    child.stdout?.on('data', keep(process.stdout));
    child.stderr?.on('data', keep(process.stderr));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(
        `\n${suite.name}: still running after ${SUITE_TIMEOUT_MS / 60_000} minutes, stopping it`,
      );
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
    }, SUITE_TIMEOUT_MS);

    const finish = (code: number | null, signal: NodeJS.Signals | null, spawnError?: Error) => {
      clearTimeout(timer);
      activeChild = undefined;
      const seconds = (Date.now() - started) / 1000;
      const base = { name: suite.name, seconds };
      let counts: Parsed;
      try {
        if (!existsSync(suite.reportFile)) throw new Error('it wrote no JSON report');
        counts = suite.parse(JSON.parse(readFileSync(suite.reportFile, 'utf8')) as unknown);
      } catch (error) {
        const why = spawnError?.message ?? (error instanceof Error ? error.message : String(error));
        resolve({ ...base, passed: 0, failed: 1, skipped: 0, problem: `crashed: ${why}` });
        return;
      }
      const exit = signal ? `signal ${signal}` : `exit code ${String(code)}`;
      if (timedOut) {
        resolve({ ...base, ...counts, failed: Math.max(counts.failed, 1), problem: 'timed out' });
      } else if (code !== 0 && counts.failed === 0) {
        // Non-zero exit with nothing failed: a crash or a run-level error. Count it as a failure.
        resolve({
          ...base,
          ...counts,
          failed: 1,
          problem: `${counts.problem ?? 'crashed'} (${exit})`,
          failures: [...(counts.failures ?? []), ...unhandledErrors(tail)],
        });
      } else {
        resolve({ ...base, ...counts, ...(counts.problem ? { problem: counts.problem } : {}) });
      }
    };
    child.on('error', (error) => finish(null, null, error));
    child.on('exit', (code, signal) => finish(code, signal));
  });
}

const reportDir = mkdtempSync(path.join(os.tmpdir(), 'selah-test-'));
const baseEnv: NodeJS.ProcessEnv = { ...process.env, TZ: 'UTC' };
const { TEST_DATABASE_URL: postgresUrl, ...envWithoutPostgres } = baseEnv;

const vitestArgs = (reportFile: string) => [
  VITEST,
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
];

// The API fuzz's full count (FUZZ_RUNS, 1,000 per route in CI) runs once: on PostgreSQL when
// that suite follows, where production runs; the PGlite pass then fuzzes a quarter as many, so
// both databases still see every route's hostile values without paying twice for the count.
const pgliteFuzzRuns =
  postgresUrl && !process.env.FUZZ_RUNS && process.env.CI === 'true' ? { FUZZ_RUNS: '250' } : {};

const suites: Suite[] = [
  {
    name: 'Vitest, all projects (server on PGlite)',
    command: vitestArgs(path.join(reportDir, 'vitest.json')),
    env: { ...envWithoutPostgres, ...pgliteFuzzRuns },
    reportFile: path.join(reportDir, 'vitest.json'),
    parse: parseVitest,
  },
];
if (postgresUrl) {
  suites.push({
    name: 'Vitest, server on PostgreSQL',
    command: [...vitestArgs(path.join(reportDir, 'vitest-postgres.json')), '--project', 'server'],
    env: { ...baseEnv, TEST_DATABASE_URL: postgresUrl },
    reportFile: path.join(reportDir, 'vitest-postgres.json'),
    parse: parseVitest,
  });
}
// Fault scripts (bench/faults): PGlite variants always; PostgreSQL and Redis variants when
// TEST_DATABASE_URL / TEST_REDIS_URL are set (they are passed through).
suites.push({
  name: 'Fault scripts',
  command: [
    ...vitestArgs(path.join(reportDir, 'faults.json')),
    '-c',
    'bench/faults/vitest.config.ts',
  ],
  env: baseEnv,
  reportFile: path.join(reportDir, 'faults.json'),
  parse: parseVitest,
});
suites.push({
  name: 'Playwright journeys (Chromium)',
  command: [PLAYWRIGHT, 'test', '-c', 'e2e/playwright.config.ts'],
  env: {
    ...envWithoutPostgres,
    PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(reportDir, 'playwright.json'),
  },
  reportFile: path.join(reportDir, 'playwright.json'),
  parse: parsePlaywright,
});

const startedAll = Date.now();
const results: SuiteResult[] = [];
for (const suite of suites) results.push(await runSuite(suite));
rmSync(reportDir, { recursive: true, force: true });

const total = results.reduce<Counts>(
  (sum, r) => ({
    passed: sum.passed + r.passed,
    failed: sum.failed + r.failed,
    skipped: sum.skipped + r.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
const width = Math.max(...results.map((r) => r.name.length));
console.log('\n=== Summary ===');
for (const r of results) {
  const counts = `${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`;
  const note = r.problem ? `  <- ${r.problem}` : '';
  console.log(
    `${r.failed > 0 ? 'FAIL' : 'ok  '}  ${r.name.padEnd(width)}  ${counts} (${r.seconds.toFixed(1)} s)${note}`,
  );
  for (const failure of r.failures ?? []) console.log(`        - ${failure}`);
}
if (!postgresUrl) console.log('skip  Vitest, server on PostgreSQL: TEST_DATABASE_URL is not set');
console.log(`Total time ${((Date.now() - startedAll) / 1000).toFixed(1)} s`);
console.log(
  `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exitCode = total.failed > 0 ? 1 : 0;
