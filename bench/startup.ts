// Start time and memory of the embedded default (`npm start` on PGlite): the first start (which
// creates the database: initdb and migrations) and restarts on the same data folder.
//
//   npm run startup -w @selah/bench [-- --restarts 3 --idle 5 --settle 15]
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, ROOT, rssMb, waitForOk } from './lib/processes.ts';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    restarts: { type: 'string' },
    idle: { type: 'string' },
    settle: { type: 'string' },
  },
});
const restarts = Number(values.restarts ?? 3);
const idleSeconds = Number(values.idle ?? 5);
// V8 shrinks a heap that has gone quiet after about ten seconds (its memory reducer).
const settleSeconds = Number(values.settle ?? 15);

/** Every descendant of `pid` (Linux /proc). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone
    }
  }
  const out: number[] = [];
  const visit = (p: number) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      visit(c);
    }
  };
  visit(pid);
  return out;
}

/** Registers and signs in a user; returns the page cookie the sign-in set (name=value). */
async function signIn(url: string): Promise<string> {
  const email = `startup-${Date.now()}@example.test`;
  const password = `startup-${process.pid}-${Date.now()}`;
  const post = (route: string, body: unknown) =>
    fetch(`${url}/api/auth/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const registered = await post('register', {
    firstName: 'Start',
    lastName: 'Up',
    email,
    password,
  });
  if (!registered.ok) throw new Error(`register: ${registered.status}`);
  const login = await post('login', { email, password });
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('selah_page_session='));
  if (!login.ok || !cookie) throw new Error(`login: ${login.status}, no page cookie`);
  return cookie.split(';')[0]!;
}

/** The node process under `npm start` (npm and sh in between) that runs `script`. */
function nodeRunning(npmPid: number, script: string): number | undefined {
  return descendants(npmPid).find((pid) => {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return /(^|\/)node$/.test(argv[0] ?? '') && argv.some((arg) => arg.endsWith(script));
    } catch {
      return false;
    }
  });
}

interface StartResult {
  kind: 'first start' | 'restart';
  readyMs: number;
  rssAtReadyMb: number | null;
  rssIdleMb: number | null;
  rssAfterRequestsMb: number | null;
  /** After the requests and another idle pause: the steady state issue 7 holds to 400 MB. */
  rssSettledMb: number | null;
  stopMs: number;
}

async function startOnce(dataDir: string, kind: StartResult['kind']): Promise<StartResult> {
  const port = await freePort();
  // Without npm's own variables: run from a workspace script, they would point `npm start` at
  // the workspace instead of the root.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_')),
  );
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The web build is not part of the server's start (it is built once beforehand).
      SKIP_WEB_BUILD: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const readyMs = await waitForOk(`${url}/api/health`, child, 180_000);
  // npm start's supervisor runs the server as its child (scripts/supervise.ts).
  const supervisor = nodeRunning(child.pid!, 'scripts/start.ts');
  const pid = nodeRunning(child.pid!, 'apps/server/src/server.ts');
  if (!pid || !supervisor) throw new Error('could not find the server process under npm start');
  const rssAtReadyMb = rssMb(pid);
  await new Promise((r) => setTimeout(r, idleSeconds * 1000));
  const rssIdleMb = rssMb(pid);
  // A little traffic: the page, a script, the API, and a signed-in user's dashboard, which the
  // server renders with their data (its renderer loads on first use, ADR 033).
  const html = await (await fetch(`${url}/`)).text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  const pageCookie = await signIn(url);
  for (let i = 0; i < 50; i++) {
    await fetch(`${url}/api/health`);
    await fetch(`${url}/api/auth/providers`);
    if (script)
      await (
        await fetch(`${url}${script}`, { headers: { 'accept-encoding': 'br' } })
      ).arrayBuffer();
    const dashboard = await fetch(`${url}/dashboard`, { headers: { cookie: pageCookie } });
    if (!(await dashboard.text()).includes('id="selah-state"'))
      throw new Error('/dashboard was not rendered by the server for the signed-in user');
  }
  const rssAfterRequestsMb = rssMb(pid);
  await new Promise((r) => setTimeout(r, settleSeconds * 1000));
  const rssSettledMb = rssMb(pid);
  const stopping = performance.now();
  // Stop npm start's supervisor (which stops the server) and wait until the server is gone (npm
  // may exit first).
  process.kill(supervisor, 'SIGTERM');
  while (existsSync(`/proc/${pid}`)) await new Promise((r) => setTimeout(r, 10));
  await new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    kind,
    readyMs,
    rssAtReadyMb,
    rssIdleMb,
    rssAfterRequestsMb,
    rssSettledMb,
    stopMs: performance.now() - stopping,
  };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'selah-startup-'));
if (!existsSync(path.join(ROOT, 'apps/web/dist/server/index.js'))) {
  console.log('apps/web/dist is missing: building it first (not part of the measurement)');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const results: StartResult[] = [];
try {
  results.push(await startOnce(dataDir, 'first start'));
  for (let i = 0; i < restarts; i++) results.push(await startOnce(dataDir, 'restart'));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const fmt = (x: number | null) => (x === null ? '-' : x.toFixed(0));
console.log(
  `\n\`npm start\` on PGlite (embedded), ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}\n`,
);
console.log(
  '| start | ready ms | RSS at ready MB | RSS idle MB | RSS after requests MB | RSS settled MB | stop ms |',
);
console.log(
  '| ----- | -------: | --------------: | ----------: | --------------------: | -------------: | ------: |',
);
for (const r of results) {
  console.log(
    `| ${r.kind} | ${fmt(r.readyMs)} | ${fmt(r.rssAtReadyMb)} | ${fmt(r.rssIdleMb)} | ${fmt(r.rssAfterRequestsMb)} | ${fmt(r.rssSettledMb)} | ${fmt(r.stopMs)} |`,
  );
}
const outDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'results');
mkdirSync(outDir, { recursive: true });
const file = path.join(outDir, `startup-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  JSON.stringify({ machine: { cpus: os.cpus().length, node: process.version }, results }, null, 2),
);
console.log(`\nresults: ${path.relative(ROOT, file)}`);
