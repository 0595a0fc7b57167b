import { randomUUID } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { createDb, POOL_DEFAULTS, type DbHandle } from '../../apps/server/src/db/client.ts';
import { paramValue, type ReplayStep, type RequestValues } from './capture.ts';

/** A statement as the controls send it: its text, optional name (prepared) and row mode. */
export interface StatementConfig {
  text: string;
  name?: string;
  rowMode?: 'array';
}

export type Query = (statement: StatementConfig, params: unknown[]) => Promise<unknown[][]>;

/**
 * The controls' database access: plain `pg` (a pool of the app's size) or a PGlite handle,
 * nothing of the app's data layer. Rows come back as arrays of their values.
 */
export interface ControlDb {
  query: Query;
  /**
   * Runs `fn` on one connection (PostgreSQL; the captured `begin`/`commit` are among the
   * statements) or inside a PGlite transaction (PGlite runs its own `begin`/`commit`).
   */
  together: <T>(fn: (query: Query) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
}

const values = (row: unknown): unknown[] =>
  Array.isArray(row) ? row : Object.values(row as Record<string, unknown>);

/** PostgreSQL through a `pg` pool as big as the app's (POOL_DEFAULTS.max). */
export function pgControlDb(databaseUrl: string): ControlDb {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_DEFAULTS.max });
  pool.on('error', () => {});
  const on =
    (client: pg.Pool | pg.PoolClient): Query =>
    async (statement, params) => {
      const result = await client.query({
        text: statement.text,
        values: params,
        ...(statement.name ? { name: statement.name } : {}),
        ...(statement.rowMode ? { rowMode: statement.rowMode } : {}),
      });
      return (result.rows as unknown[]).map(values);
    };
  return {
    query: on(pool),
    together: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn(on(client));
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** PGlite opened the way the app opens it (`createDb`: the same durability and parameters). */
export async function pgliteControlDb(pgliteDir: string): Promise<ControlDb> {
  const handle = await createDb({ pgliteDir });
  return { ...pgliteOf(handle), close: () => handle.close() };
}

/** The PGlite of an open handle, left open (tests share one with the app). */
export function pgliteOf(handle: DbHandle): ControlDb {
  const client: PGlite = handle.pglite!;
  const on =
    (target: PGlite | Transaction): Query =>
    async (statement, params) => {
      const result = await target.query(
        statement.text,
        params,
        statement.rowMode ? { rowMode: statement.rowMode } : {},
      );
      return result.rows.map(values);
    };
  return {
    query: on(client),
    together: (fn) => client.transaction((tx) => fn(on(tx))),
    close: async () => {},
  };
}

/**
 * Replays captured steps for one request, in order: statements of one transaction together,
 * each parameter taken from this request (`paramValue`). Returns each step's rows.
 */
export async function replay(
  db: ControlDb,
  steps: ReplayStep[],
  request: Omit<RequestValues, 'newId' | 'now'>,
): Promise<unknown[][][]> {
  const values: RequestValues = { ...request, now: Date.now(), newId: randomUUID };
  const results: unknown[][][] = [];
  const run = async (query: Query, step: ReplayStep) => {
    const params = step.params.map((p) => paramValue(p, values, results));
    results.push(await query(step, params));
  };
  for (let i = 0; i < steps.length;) {
    const tx = steps[i]!.tx;
    if (tx === null) {
      await run(db.query, steps[i]!);
      i++;
      continue;
    }
    let end = i;
    while (end < steps.length && steps[end]!.tx === tx) end++;
    const group = steps.slice(i, end);
    await db.together(async (query) => {
      for (const step of group) await run(query, step);
    });
    i = end;
  }
  return results;
}
