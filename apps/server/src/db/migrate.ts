import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Db, DbHandle } from './client.ts';
import { syncTimeZones } from './time-zones.ts';

export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

/**
 * Applies the committed SQL migrations, then brings the time zones up to date (the accepted
 * names this database knows, and stored zones that are not accepted names: ADR 054); on
 * PostgreSQL under an advisory lock so processes queue.
 */
export async function runMigrations(handle: DbHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, config);
    await syncTimeZones(handle.db);
    return;
  }
  const client = await handle.pool!.connect();
  try {
    // A migration (an index on a big table) may run far longer than a request's statement
    // timeout, and waiting for the lock is the point; RESET restores the pool's value.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock(7715001)');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const locked = drizzle({ client });
    await migratePg(locked as unknown as NodePgDatabase, config);
    await syncTimeZones(locked as unknown as Db);
  } finally {
    await client.query('select pg_advisory_unlock(7715001)').catch(() => {});
    await client.query('reset statement_timeout').catch(() => {});
    client.release();
  }
}

// CLI: `npm run db:migrate` migrates the configured database and exits.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { loadEnv } = await import('../config/env.ts');
  const { createDb } = await import('./client.ts');
  const env = loadEnv();
  const handle = await createDb({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(env.DATA_DIR, 'pglite'),
  });
  await runMigrations(handle);
  await handle.close();
  console.log('Migrations applied.');
}
