import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { preparePglite, preparePostgres, type PreparedDb } from './database.ts';
import type { DbKind } from './options.ts';
import { ROOT } from './processes.ts';

/** The `--db pglite|postgres` option every standalone bench script takes. */
export const DB_OPTION = {
  db: { type: 'string', default: process.env.BENCH_DB ?? 'pglite' },
} as const;

/**
 * What a standalone bench script (sse, soak) shares: its database kind, where results go, a run
 * id for file names, a prefixed log, and the small seed on that database.
 */
export function benchScript(name: string, dbOption: string | undefined) {
  const db: DbKind = dbOption === 'postgres' ? 'postgres' : 'pglite';
  const outDir = path.join(ROOT, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  const log = (line: string) => console.log(`[${name}] ${line}`);
  const postgresUrl =
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  return {
    db,
    outDir,
    runId: new Date().toISOString().replace(/[:.]/g, '-'),
    log,
    prepareSmall: (): Promise<PreparedDb> =>
      db === 'postgres'
        ? preparePostgres(postgresUrl, 'small', false, log)
        : preparePglite('small', false, log),
  };
}
