import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one template database per run: a PGlite data dump (default) or, when
 * TEST_DATABASE_URL is set, a PostgreSQL template database each test file clones.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `selah_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const handle = await createDb({ databaseUrl: target.href });
    await runMigrations(handle);
    await handle.close();
    await admin.query(`alter database ${name} with is_template true allow_connections false`);
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1 or datname = $2`,
        [`${name}_%`, name],
      );
      for (const { datname } of rows) {
        await admin.query(`alter database ${datname} with is_template false`).catch(() => {});
        await admin.query(`drop database if exists ${datname} with (force)`).catch(() => {});
      }
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'selah-test-'));
  const handle = await createDb({});
  await runMigrations(handle);
  const dump = await handle.pglite!.dumpDataDir('gzip');
  const file = path.join(dir, 'template.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => {
    rmSync(dir, { recursive: true, force: true });
  };
}
