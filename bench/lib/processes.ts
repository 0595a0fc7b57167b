import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Resident memory of a process in MB (Linux /proc), or null. */
export function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

export interface Child {
  url: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** Polls `url` until it answers 200 (or the process exits, or the timeout passes). */
export async function waitForOk(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<number> {
  const started = performance.now();
  const state: { exited: string | null } = { exited: null };
  child.once('exit', (code, signal) => {
    state.exited = `exited with ${signal ?? code}`;
  });
  while (performance.now() - started < timeoutMs) {
    if (state.exited) throw new Error(`${url}: the process ${state.exited}`);
    try {
      const res = await fetch(url);
      if (res.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts a Node script as a child process (the way `npm start` runs the server), its output
 * appended to `logFile`, and waits for `readyPath` to answer 200.
 */
export async function startNode(opts: {
  script: string;
  env: Record<string, string>;
  readyPath: string;
  logFile: string;
  timeoutMs?: number;
  /** Node flags the process always runs with (before BENCH_NODE_ARGS). */
  nodeArgs?: string[];
}): Promise<Child> {
  const port = await freePort();
  const log = createWriteStream(opts.logFile, { flags: 'a' });
  // BENCH_NODE_ARGS: extra Node flags for the servers under test, e.g. `--cpu-prof
  // --cpu-prof-dir=/tmp/prof` to profile them under load (Node refuses these in NODE_OPTIONS).
  const nodeArgs = [
    ...(opts.nodeArgs ?? []),
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const child = spawn(process.execPath, [...nodeArgs, opts.script], {
    cwd: ROOT,
    env: { ...process.env, ...opts.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${url}${opts.readyPath}`, child, opts.timeoutMs ?? 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          log.end();
          resolve();
          return;
        }
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          log.end();
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
