import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDb, type DbHandle } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { seed, type SeedCounts } from '../../apps/server/src/db/seed.ts';
import { type DbKind, SIZES, type SizeName } from './options.ts';

/** A seeded database the bench can open in-process and hand to the server child. */
export interface PreparedDb {
  kind: DbKind;
  size: SizeName;
  label: string;
  /** DATABASE_URL or DATA_DIR for the server child. */
  serverEnv: Record<string, string>;
  /**
   * The controls' database (ADR 048): the same PostgreSQL database (DATABASE_URL), or a copy of
   * the PGlite data made now (PGLITE_DIR; one process per PGlite folder), removed by `dispose`.
   */
  controlEnv: () => Record<string, string>;
  open: () => Promise<DbHandle>;
  /** Seconds the seed took; null when a kept database was reused. */
  seedSeconds: number | null;
  counts: SeedCounts | null;
  /** Drops the database unless it is kept. */
  dispose: () => Promise<void>;
}

const marker = (size: SizeName) => JSON.stringify({ version: 1, size, seed: SIZES[size] });

async function seedAndAnalyze(handle: DbHandle, size: SizeName): Promise<SeedCounts> {
  await runMigrations(handle);
  const counts = await seed(handle.db, SIZES[size]);
  // VACUUM sets the visibility map (index-only scans); ANALYZE gives the planner real numbers.
  await handle.db.execute(sql`vacuum analyze`);
  return counts;
}

export async function preparePostgres(
  adminUrl: string,
  size: SizeName,
  keep: boolean,
  log: (line: string) => void,
): Promise<PreparedDb> {
  const name = keep
    ? `selah_bench_${size}`
    : `selah_bench_${size}_${randomBytes(4).toString('hex')}`;
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const open = () => createDb({ databaseUrl: target.href, statementTimeoutMs: 0 });
  let seedSeconds: number | null = null;
  let counts: SeedCounts | null = null;
  try {
    const { rows } = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [name],
    );
    const reusable = keep && rows[0]?.comment === marker(size);
    if (reusable) {
      log(`reusing the kept PostgreSQL database ${name}`);
    } else {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      log(`seeding PostgreSQL database ${name} (${size})...`);
      const started = performance.now();
      const handle = await open();
      try {
        counts = await seedAndAnalyze(handle, size);
      } finally {
        await handle.close();
      }
      seedSeconds = (performance.now() - started) / 1000;
      await admin.query(`comment on database ${name} is '${marker(size)}'`);
    }
  } finally {
    await admin.end();
  }
  return {
    kind: 'postgres',
    size,
    label: `postgres ${name}`,
    serverEnv: { DATABASE_URL: target.href },
    controlEnv: () => ({ DATABASE_URL: target.href }),
    open,
    seedSeconds,
    counts,
    dispose: async () => {
      if (keep) return;
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await cleanup.end();
    },
  };
}

export async function preparePglite(
  size: SizeName,
  keep: boolean,
  log: (line: string) => void,
): Promise<PreparedDb> {
  const dataDir = keep
    ? path.join(os.tmpdir(), `selah-bench-pglite-${size}`)
    : mkdtempSync(path.join(os.tmpdir(), 'selah-bench-pglite-'));
  const markerFile = path.join(dataDir, 'bench-seed.json');
  const pgliteDir = path.join(dataDir, 'pglite');
  const open = () => createDb({ pgliteDir });
  const copies: string[] = [];
  let seedSeconds: number | null = null;
  let counts: SeedCounts | null = null;
  const reusable =
    keep && existsSync(markerFile) && readFileSync(markerFile, 'utf8') === marker(size);
  if (reusable) {
    log(`reusing the kept PGlite data in ${dataDir}`);
  } else {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    log(`seeding PGlite in ${dataDir} (${size})...`);
    const started = performance.now();
    const handle = await open();
    try {
      counts = await seedAndAnalyze(handle, size);
    } finally {
      await handle.close();
    }
    seedSeconds = (performance.now() - started) / 1000;
    writeFileSync(markerFile, marker(size));
  }
  return {
    kind: 'pglite',
    size,
    label: `pglite ${dataDir}`,
    serverEnv: { DATA_DIR: dataDir },
    controlEnv: () => {
      const copy = mkdtempSync(path.join(os.tmpdir(), 'selah-bench-control-'));
      copies.push(copy);
      cpSync(pgliteDir, path.join(copy, 'pglite'), { recursive: true });
      return { PGLITE_DIR: path.join(copy, 'pglite') };
    },
    open,
    seedSeconds,
    counts,
    dispose: async () => {
      for (const copy of copies.splice(0)) rmSync(copy, { recursive: true, force: true });
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
