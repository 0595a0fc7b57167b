import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { PRAYER_CATEGORIES } from '@selah/shared/constants';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_USER_SETTINGS,
} from '@selah/shared/schemas/auth';
import { PasswordHasher } from '../modules/auth/password-hasher.ts';
import type { Db } from './client.ts';

export interface SeedOptions {
  users: number;
  journalsPerUser: number;
  prayersPerJournal: number;
  /** Every user's password (the seed is for development and benchmarks only). */
  password?: string;
}

export const SEED_PASSWORD = 'Selah-seed-Password-1';

type SeedKind = 'user' | 'journal' | 'prayer';

/** The deterministic id of the n-th seeded row of a kind: `md5('kind:n')` shaped as a v4 uuid. */
export function seedId(kind: SeedKind, n: number): string {
  const hex = createHash('md5').update(`${kind}:${n}`).digest('hex');
  const v4 = `${hex.slice(0, 12)}4${hex.slice(13, 16)}8${hex.slice(17)}`;
  return `${v4.slice(0, 8)}-${v4.slice(8, 12)}-${v4.slice(12, 16)}-${v4.slice(16, 20)}-${v4.slice(20)}`;
}

/** The SQL twin of `seedId` for set-based inserts. */
const uid = (kind: SeedKind, n: SQL) =>
  sql`(overlay(overlay(md5(${`${kind}:`} || (${n})::text) placing '4' from 13) placing '8' from 17))::uuid`;

/**
 * Seeds a deterministic data set in bulk with set-based SQL: users `seed{i}@example.test`,
 * `journalsPerUser` journals each (every third private, categories round-robin) and
 * `prayersPerJournal` prayers each (half private, a quarter answered with a testimony).
 * Counters are recomputed from the rows. Ids come from `seedId`.
 */
export async function seed(
  db: Db,
  options: SeedOptions,
): Promise<{ users: number; journals: number; prayers: number }> {
  const { users, journalsPerUser: jpu, prayersPerJournal: ppj } = options;
  const hash = await new PasswordHasher().hash(options.password ?? SEED_PASSWORD);
  const categories = sql.raw(`array[${PRAYER_CATEGORIES.map((c) => `'${c}'`).join(',')}]`);
  const journalsTotal = users * jpu;
  const prayersTotal = journalsTotal * ppj;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (id, email, email_verified, password_hash, first_name, last_name, username, settings, notification_preferences, created_at)
      select ${uid('user', sql`i`)}, 'seed' || i || '@example.test', true, ${hash}, 'Seed', 'User ' || i, 'seed' || i,
             ${JSON.stringify(DEFAULT_USER_SETTINGS)}::jsonb, ${JSON.stringify(DEFAULT_NOTIFICATION_PREFERENCES)}::jsonb,
             timestamptz '2026-01-01' + (i || ' seconds')::interval
      from generate_series(1, ${users}::int) as i
      on conflict do nothing`);
    await tx.execute(sql`
      insert into journals (id, owner_id, title, description, is_private, category, created_at, updated_at)
      select ${uid('journal', sql`n`)}, ${uid('user', sql`(n - 1) / ${jpu}::int + 1`)},
             'Journal ' || n, 'A seeded journal for prayers number ' || n, n % 3 = 0,
             (${categories})[1 + n % 9], timestamptz '2026-01-01' + (n || ' minutes')::interval,
             timestamptz '2026-01-01' + (n || ' minutes')::interval
      from generate_series(1, ${journalsTotal}::int) as n
      on conflict do nothing`);
    await tx.execute(sql`
      insert into journal_members (journal_id, user_id, role, joined_at)
      select id, owner_id, 'owner', created_at from journals where id in (
        select ${uid('journal', sql`n`)} from generate_series(1, ${journalsTotal}::int) as n)
      on conflict do nothing`);
    await tx.execute(sql`
      insert into prayers (id, journal_id, author_id, title, content, category, status, is_private, answered_at, created_at, updated_at)
      select ${uid('prayer', sql`k`)}, ${uid('journal', sql`(k - 1) / ${ppj}::int + 1`)},
             ${uid('user', sql`(k - 1) / (${ppj}::int * ${jpu}::int) + 1`)},
             'Prayer ' || k, 'Seeded prayer text number ' || k, (${categories})[1 + k % 9],
             case when k % 4 = 0 then 'answered' else 'pending' end, k % 2 = 0,
             case when k % 4 = 0 then timestamptz '2026-03-01' + (k || ' seconds')::interval end,
             timestamptz '2026-01-01' + (k || ' seconds')::interval, timestamptz '2026-01-01' + (k || ' seconds')::interval
      from generate_series(1, ${prayersTotal}::int) as k
      on conflict do nothing`);
    await tx.execute(sql`
      insert into prayer_testimonies (prayer_id, text, created_at)
      select ${uid('prayer', sql`k`)}, 'God answered prayer ' || k, timestamptz '2026-03-02' + (k || ' seconds')::interval
      from generate_series(4, ${prayersTotal}::int, 4) as k`);
    await tx.execute(sql`
      update journals j set
        prayer_count = c.total, answered_count = c.answered,
        public_prayer_count = c.public_total, public_answered_count = c.public_answered,
        member_count = (select count(*) from journal_members m where m.journal_id = j.id)
      from (
        select journal_id, count(*)::int as total,
               (count(*) filter (where status = 'answered'))::int as answered,
               (count(*) filter (where not is_private))::int as public_total,
               (count(*) filter (where not is_private and status = 'answered'))::int as public_answered
        from prayers group by journal_id) c
      where c.journal_id = j.id`);
  });
  return { users, journals: journalsTotal, prayers: prayersTotal };
}

// CLI: `npm run db:seed -- 100 5 20` seeds the configured database.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [users = '100', jpu = '5', ppj = '20'] = process.argv.slice(2);
  const { loadEnv } = await import('../config/env.ts');
  const { createDb } = await import('./client.ts');
  const { runMigrations } = await import('./migrate.ts');
  const env = loadEnv();
  const handle = await createDb({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(env.DATA_DIR, 'pglite'),
  });
  await runMigrations(handle);
  const counts = await seed(handle.db, {
    users: Number(users),
    journalsPerUser: Number(jpu),
    prayersPerJournal: Number(ppj),
  });
  await handle.close();
  console.log(
    `Seeded ${counts.users} users, ${counts.journals} journals, ${counts.prayers} prayers (password ${SEED_PASSWORD}).`,
  );
}
