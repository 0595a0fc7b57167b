import { fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { type FatalDatabaseError, guardPglite } from './pglite-guard.ts';
import { DurableNodeFS } from './pglite-durable-fs.ts';
import { PGLITE_START_PARAMS } from './pglite-params.ts';
import { PreparingClient } from './prepared-statements.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type repositories see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or a transaction: repositories accept either. */
export type DbOrTx = Db | Tx;

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Runs a trivial query; used by the health check. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** The raw PGlite instance (tests dump it as a template). */
  pglite?: PGlite;
  pool?: pg.Pool;
}

export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `Another Selah process is already using the embedded database in ${dir}. ` +
        'PGlite allows one process per data folder: stop the other process, choose another ' +
        'DATA_DIR, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface CreateDbOptions {
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; `undefined` means in memory. */
  pgliteDir?: string | undefined;
  /** A PGlite data dump to start from (tests). */
  loadDataDir?: Blob | File | undefined;
  /** Statement timeout for PostgreSQL connections, in ms (0: none). */
  statementTimeoutMs?: number;
  poolMax?: number;
  /** How long a request waits for a free pool connection before it fails (503), in ms. */
  acquireTimeoutMs?: number;
  /**
   * Called with every SQL statement Drizzle runs and its parameters (query counting in tests,
   * EXPLAIN in benchmarks).
   */
  onQuery?: (sql: string, params: unknown[]) => void;
  /**
   * PGlite only: called synchronously with the first error that leaves the embedded database
   * unusable (a full disk, a PANIC), before any other statement runs. The server exits here;
   * later statements fail with the same error without reaching PGlite (db/pglite-guard.ts).
   */
  onFatal?: (fatal: FatalDatabaseError) => void;
}

const queryLogger = (onQuery?: (sql: string, params: unknown[]) => void) =>
  onQuery
    ? { logger: { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } }
    : {};

/** Opens PGlite (default) or a node-postgres pool behind the same Drizzle API. */
export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) return createPostgres(options.databaseUrl, options);
  return createPglite(options);
}

/**
 * Whether the process recorded in a PGlite lock's owner file has died: same host (a shared
 * volume seen from another machine or container proves nothing) and no such process id.
 */
function ownerIsGone(ownerFile: string): boolean {
  let content: string;
  try {
    content = readFileSync(ownerFile, 'utf8');
  } catch {
    return false;
  }
  const [pidText, host] = content.trim().split(' ');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || host !== os.hostname()) {
    return false;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as { code?: string }).code === 'ESRCH';
  }
}

/** Runs initdb for a new PGlite data folder in a child process (db/pglite-initdb.ts). */
async function initDataDir(dataDir: string): Promise<void> {
  const child = fork(fileURLToPath(new URL('./pglite-initdb.ts', import.meta.url)), [dataDir], {
    stdio: 'inherit',
  });
  const [code, signal] = (await Promise.race([
    once(child, 'exit'),
    once(child, 'error').then(([error]) => Promise.reject(error as Error)),
  ])) as [number | null, string | null];
  if (code !== 0)
    throw new Error(`initdb for ${dataDir} stopped (exit code ${code}, signal ${signal})`);
}

async function createPglite(options: CreateDbOptions): Promise<DbHandle> {
  let release: (() => Promise<void>) | undefined;
  const dir = options.pgliteDir;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    const lockPath = path.join(path.dirname(dir), `${path.basename(dir)}.lock`);
    const ownerFile = `${lockPath}.owner`;
    const lock = () =>
      lockfile.lock(dir, {
        lockfilePath: lockPath,
        stale: 15_000,
        update: 5_000,
        realpath: false,
        onCompromised: (error) => {
          // Losing the lock means another process may write: stop rather than corrupt.
          console.error(`Lost the lock on ${dir}: ${error.message}`);
          process.exit(1);
        },
      });
    try {
      try {
        release = await lock();
      } catch (error) {
        // A process killed with SIGKILL leaves its lock behind for up to 15 s (until stale):
        // when its recorded owner is provably gone, take the lock over at once (ADR 017).
        if ((error as { code?: string }).code !== 'ELOCKED' || !ownerIsGone(ownerFile)) throw error;
        rmSync(lockPath, { recursive: true, force: true });
        release = await lock();
      }
      writeFileSync(ownerFile, `${process.pid} ${os.hostname()}\n`);
    } catch (error) {
      if ((error as { code?: string }).code === 'ELOCKED') throw new DataDirLockedError(dir);
      throw error;
    }
  }
  let client: PGlite;
  try {
    // The first start runs initdb in a child process, which takes initdb's memory with it
    // (db/pglite-initdb.ts); the server then opens the new folder as on a restart.
    if (dir !== undefined && !existsSync(path.join(dir, 'PG_VERSION')) && !options.loadDataDir)
      await initDataDir(dir);
    client = new PGlite({
      startParams: PGLITE_START_PARAMS,
      ...(dir ? { fs: new DurableNodeFS(dir) } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    await client.waitReady;
  } catch (error) {
    await release?.();
    throw error;
  }
  const guarded = guardPglite(client, options.onFatal);
  const db = drizzlePglite({
    client: guarded,
    schema,
    casing: 'snake_case',
    ...queryLogger(options.onQuery),
  }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    ping: async () => {
      await guarded.query('select 1');
    },
    close: async () => {
      await client.close();
      await release?.();
    },
  };
}

/**
 * PostgreSQL pool defaults (DB_POOL_MAX, DB_ACQUIRE_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS):
 * a statement may run 5 s (the slowest legitimate one, a discover or stats query on the large
 * bench seed, takes well under 100 ms), and a request waits at most 2 s for a connection.
 * Both failures answer 503 + Retry-After (docs/decisions/018-bulkheads-and-database-outages.md).
 */
export const POOL_DEFAULTS = { max: 10, acquireTimeoutMs: 2_000, statementTimeoutMs: 5_000 };

async function createPostgres(url: string, options: CreateDbOptions): Promise<DbHandle> {
  const pool = new pg.Pool({
    // Statements with parameters are prepared, once per connection (db/prepared-statements.ts).
    Client: PreparingClient,
    connectionString: url,
    max: options.poolMax ?? POOL_DEFAULTS.max,
    connectionTimeoutMillis: options.acquireTimeoutMs ?? POOL_DEFAULTS.acquireTimeoutMs,
    idleTimeoutMillis: 30_000,
    statement_timeout: options.statementTimeoutMs ?? POOL_DEFAULTS.statementTimeoutMs,
    // No JIT compilation: a read's correlated subqueries (who may see whom) inflate its cost
    // estimate past jit_above_cost, and compiling then costs 10-20x the read itself (ADR 046).
    options: '-c jit=off',
    // A transaction left open by a bug must not hold its connection and locks for ever.
    idle_in_transaction_session_timeout: 60_000,
    application_name: 'selah',
  });
  // A client losing its connection (server restart, 57P01) must not crash the process. The pool
  // listens on idle clients only; a checked-out one (a transaction between two statements) would
  // emit an unhandled 'error' event. Its next statement fails instead (503, error-handler.ts) and
  // the pool drops it on release because it is no longer queryable.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzlePg({
    client: pool,
    schema,
    casing: 'snake_case',
    ...queryLogger(options.onQuery),
  }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    pool,
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await pool.end();
    },
  };
}
