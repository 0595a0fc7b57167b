// A PRIVATE PostgreSQL 15 cluster for faults that stop or restart the database server: initdb
// into a temporary folder, a free port on 127.0.0.1, fsync on. The shared server on 5432 is
// never touched. Run as root (CI), the commands run as the `postgres` user through runuser.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server.ts';

const run = promisify(execFile);

/** Where initdb, pg_ctl and postgres live (Debian's PostgreSQL 15; PG_BIN overrides). */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Why the private cluster cannot start here, or null when the binaries are present. */
export function missingPostgresBinaries(): string | null {
  const missing = ['initdb', 'pg_ctl', 'postgres'].filter(
    (name) => !existsSync(path.join(PG_BIN, name)),
  );
  if (missing.length === 0) return null;
  return (
    `PostgreSQL server binaries not found in ${PG_BIN} (${missing.join(', ')}): install ` +
    'postgresql-15 (apt-get install postgresql-15) or set PG_BIN to the folder holding them.'
  );
}

export interface PrivatePostgres {
  port: number;
  /** Superuser connection string of the `postgres` database. */
  adminUrl: string;
  /** `pg_ctl restart -m fast` (waits until it accepts connections); returns its timings. */
  restart: () => Promise<{ downAt: number; upAt: number }>;
  /** `pg_ctl stop -m fast`. */
  stop: () => Promise<{ downAt: number }>;
  /** `pg_ctl start` (waits until it accepts connections). */
  start: () => Promise<{ upAt: number }>;
  /** Stops the server (immediate) and removes its folder. */
  destroy: () => Promise<void>;
}

/** Looks up a user's uid and gid (`id -u/-g`), for handing the folder to `postgres`. */
async function ids(user: string): Promise<{ uid: number; gid: number }> {
  const uid = Number((await run('id', ['-u', user])).stdout.trim());
  const gid = Number((await run('id', ['-g', user])).stdout.trim());
  return { uid, gid };
}

/**
 * Creates and starts the cluster. Timestamps are `performance.now()` values, comparable with
 * the load loop's if the caller subtracts its own t0.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const missing = missingPostgresBinaries();
  if (missing) throw new Error(missing);
  const root = mkdtempSync(path.join(os.tmpdir(), 'selah-private-pg-'));
  const dataDir = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = await ids('postgres');
    chownSync(root, uid, gid);
  }
  const pg = async (tool: string, args: string[]) => {
    const bin = path.join(PG_BIN, tool);
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
    return run(cmd, argv, { timeout: 120_000 });
  };

  await pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  // fsync stays on (the default): a fast restart then exercises the real shutdown checkpoint.
  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${root}'`,
    '-c max_connections=50',
    '-c shared_buffers=32MB',
  ].join(' ');
  const logFile = path.join(root, 'server.log');
  const ctl = (...args: string[]) => pg('pg_ctl', ['-D', dataDir, '-l', logFile, ...args]);
  await ctl('start', '-w', '-t', '60', '-o', options);

  let destroyed = false;
  return {
    port,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => {
      const downAt = performance.now();
      await ctl('restart', '-m', 'fast', '-w', '-t', '60', '-o', options);
      return { downAt, upAt: performance.now() };
    },
    stop: async () => {
      const downAt = performance.now();
      await ctl('stop', '-m', 'fast', '-w', '-t', '60');
      return { downAt };
    },
    start: async () => {
      await ctl('start', '-w', '-t', '60', '-o', options);
      return { upAt: performance.now() };
    },
    destroy: async () => {
      if (destroyed) return;
      destroyed = true;
      await ctl('stop', '-m', 'immediate', '-w', '-t', '30').catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
