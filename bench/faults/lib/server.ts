// Starts the REAL server (`node apps/server/src/server.ts`) as a child process, the way
// `npm start` runs it, waits until it is ready, and stops it by signal.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../lib/processes.ts';

export { freePort };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER_SCRIPT = path.join(ROOT, 'apps/server/src/server.ts');

/** A temporary folder (DATA_DIR) removed by the returned function. */
export function tempDir(label = 'fault'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), `selah-${label}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface ServerOptions {
  /** DATA_DIR: secrets, and the PGlite database when no databaseUrl is given. */
  dataDir: string;
  databaseUrl?: string | undefined;
  redisUrl?: string | undefined;
  /** Reuse a port (a restart on the same address); a free one otherwise. */
  port?: number;
  logLevel?: string;
  /** Extra environment variables for the server. */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** The process's limit of open files (`ulimit -n`, soft and hard); the shell's otherwise. */
  openFiles?: number;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Milliseconds from the signal (or from the start, if it exited by itself) to the exit. */
  ms: number;
}

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 from /api/health. */
  readyMs: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  /** Sends `signal` and waits for the exit; SIGKILL after `timeoutMs` (then `exit.signal`). */
  stop: (signal?: NodeJS.Signals, timeoutMs?: number) => Promise<Exit>;
}

/**
 * Polls `url` until it answers 200 with `status: "ok"` (the health check pings the database:
 * that is the readiness check too), or the process exits, or the timeout passes.
 */
export async function waitForHealthy(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.signalCode ?? child.exitCode}) before ready`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      const body = (await res.json()) as { status?: string };
      if (res.status === 200 && body.status === 'ok') return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url}/api/health was not ready within ${timeoutMs} ms`);
}

/** The server's environment for `opts` on `port` (its URL is http://127.0.0.1:port). */
function serverEnv(opts: ServerOptions, port: number): NodeJS.ProcessEnv {
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_ORIGIN: url,
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: opts.logLevel ?? 'warn',
    RATE_LIMIT_MAX: '1000000',
    ...opts.env,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  if (opts.redisUrl) env.REDIS_URL = opts.redisUrl;
  return env;
}

/**
 * A node process of ours, watched: what it writes, when it exits, and a stop that sends a signal
 * and waits (SIGKILL after `timeoutMs`). What startServer and startSupervised share.
 */
function spawnWatched(args: string[], env: NodeJS.ProcessEnv, openFiles?: number) {
  const started = performance.now();
  // With a limit of open files: through sh, which sets it and becomes node (exec: same pid).
  const [command, argv] =
    openFiles === undefined
      ? [process.execPath, args]
      : ['/bin/sh', ['-c', `ulimit -n ${openFiles} && exec "$0" "$@"`, process.execPath, ...args]];
  const child = spawn(command, argv, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (c: string) => chunks.push(c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => chunks.push(c));
  let signalledAt: number | null = null;
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) =>
      resolve({ code, signal, ms: performance.now() - (signalledAt ?? started) }),
    );
  });
  const stop = async (signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 30_000): Promise<Exit> => {
    if (child.exitCode === null && child.signalCode === null) {
      signalledAt = performance.now();
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    }
    return exited;
  };
  return { child, started, output: () => chunks.join(''), exited, stop };
}

export async function startServer(opts: ServerOptions): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const { child, started, output, exited, stop } = spawnWatched(
    [SERVER_SCRIPT],
    serverEnv(opts, port),
    opts.openFiles,
  );
  try {
    await waitForHealthy(url, child, opts.readyTimeoutMs ?? 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output()}`);
  }
  return {
    url,
    port,
    pid: child.pid ?? 0,
    child,
    readyMs: performance.now() - started,
    output,
    exited,
    stop,
  };
}

/** The script `npm start` runs (package.json), with its Node flags. */
const START_SCRIPT = path.join(ROOT, 'scripts/start.ts');
const START_NODE_ARGS = ['--max-semi-space-size=16'];

export interface SupervisedProcess {
  url: string;
  port: number;
  /** The supervisor's process (npm start's node). */
  child: ChildProcess;
  /** Everything the supervisor and its servers wrote so far. */
  output: () => string;
  /** The process ids of the servers it started, in order ("started the server (pid N)"). */
  serverPids: () => number[];
  /** Resolves when the supervisor has exited. */
  exited: Promise<Exit>;
  stop: (signal?: NodeJS.Signals, timeoutMs?: number) => Promise<Exit>;
}

/**
 * Starts Selah as `npm start` does (scripts/start.ts: the supervisor, which runs the server as
 * its child), without building the web app (SKIP_WEB_BUILD=1). Waits for /api/health unless
 * `waitReady` is false (a server that cannot start).
 */
export async function startSupervised(
  opts: ServerOptions & { waitReady?: boolean },
): Promise<SupervisedProcess> {
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const { child, output, exited, stop } = spawnWatched(
    [...START_NODE_ARGS, START_SCRIPT],
    { ...serverEnv(opts, port), SKIP_WEB_BUILD: '1' },
    opts.openFiles,
  );
  const supervised: SupervisedProcess = {
    url,
    port,
    child,
    output,
    serverPids: () =>
      [...output().matchAll(/started the server \(pid (\d+)\)/g)].map((m) => Number(m[1])),
    exited,
    stop,
  };
  if (opts.waitReady === false) return supervised;
  try {
    await waitForHealthy(url, child, opts.readyTimeoutMs ?? 120_000);
  } catch (error) {
    await supervised.stop('SIGTERM');
    throw new Error(`${(error as Error).message}\n--- output ---\n${output()}`);
  }
  return supervised;
}
