import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type DbHandle } from '../src/db/client.ts';

/** A fresh, migrated database for one test file: a PGlite copy of the template, or a PostgreSQL clone. */
export async function createTestDb(
  options: { onQuery?: (sql: string, params: unknown[]) => void; poolMax?: number } = {},
): Promise<DbHandle & { label: string; url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (url && template) {
    const name = `${template}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const handle = await createDb({ databaseUrl: target.href, ...options });
    const close = handle.close;
    return {
      ...handle,
      label: 'postgres',
      url: target.href,
      close: async () => {
        await close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`).catch(() => {});
        await cleanup.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  const handle = await createDb({ loadDataDir: new Blob([dump]), ...options });
  return { ...handle, label: 'pglite' };
}
