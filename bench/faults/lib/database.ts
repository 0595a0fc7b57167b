// Opens the server's database from the test process to check it after a fault: PGlite (the
// DATA_DIR folder, only while no server holds it) or PostgreSQL (DATABASE_URL).
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createDb } from '../../../apps/server/src/db/client.ts';

export type Query = <R = Record<string, unknown>>(text: string) => Promise<R[]>;

/** Runs `fn` with a raw SQL query function on the database the server used. */
export async function withDatabase<T>(
  where: { dataDir: string; databaseUrl?: string | undefined },
  fn: (query: Query) => Promise<T>,
): Promise<T> {
  const handle = await createDb({
    databaseUrl: where.databaseUrl,
    pgliteDir: path.join(where.dataDir, 'pglite'),
    statementTimeoutMs: 0,
  });
  try {
    const query: Query = async <R>(text: string) => {
      // node-postgres and PGlite results both carry `rows`.
      const result: unknown = await handle.db.execute(sql.raw(text));
      return (result as { rows: R[] }).rows;
    };
    return await fn(query);
  } finally {
    await handle.close();
  }
}
