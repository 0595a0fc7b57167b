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

/** A session the server made for a bench user. */
export interface BenchSession {
  sessionId: string;
  id: string;
  expiresAt: number;
}

/** A seeded database the bench can open in-process and hand to the server child. */
export interface PreparedDb {
  kind: DbKind;
  size: SizeName;
  label: string;
  /** DATABASE_URL or DATA_DIR for the server child. */
  serverEnv: Record<string, string>;
  /**
   * The controls' database (ADR 048): the same PostgreSQL database (DATABASE_URL), or a copy of
   * the PGlite data made now, before the server holds the folder (PGLITE_DIR; one process per
   * PGlite folder), removed by `dispose`. `addSessions` gives the copy the sessions the server
   * made since (nothing to do on PostgreSQL), before the controls start.
   */
  controlDatabase: () => {
    env: Record<string, string>;
    addSessions: (sessions: BenchSession[]) => Promise<void>;
  };
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
    controlDatabase: () => ({ env: { DATABASE_URL: target.href }, addSessions: async () => {} }),
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
    controlDatabase: () => {
      const copy = mkdtempSync(path.join(os.tmpdir(), 'selah-bench-control-'));
      copies.push(copy);
      const copyDir = path.join(copy, 'pglite');
      cpSync(pgliteDir, copyDir, { recursive: true });
      return {
        env: { PGLITE_DIR: copyDir },
        addSessions: async (sessions) => {
          const handle = await createDb({ pgliteDir: copyDir });
          try {
            await handle.pglite!.query(
              `insert into sessions (id, user_id, expires_at)
               select * from unnest($1::uuid[], $2::uuid[], $3::timestamptz[])
               on conflict do nothing`,
              [
                sessions.map((s) => s.sessionId),
                sessions.map((s) => s.id),
                sessions.map((s) => new Date(s.expiresAt).toISOString()),
              ],
            );
          } finally {
            await handle.close();
          }
        },
      };
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
