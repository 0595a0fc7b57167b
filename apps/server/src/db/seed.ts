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
import { transaction } from './transaction.ts';

export interface SeedOptions {
  users: number;
  journalsPerUser: number;
  prayersPerJournal: number;
  /** Every k-th user (1, 1 + k, 1 + 2k, ...) writes journals; default 1 (everyone). */
  writerEvery?: number;
  /** Friends per user (even, at most users - 1): user i is friends with i +- 1 ... i +- f/2. */
  friendsPerUser?: number;
  /** Prayer requests per user: every other one private and shared with 3-10 friends. */
  requestsPerUser?: number;
  /** Notifications per user (two in three read). */
  notificationsPerUser?: number;
  /** Prayer groups, spread over the writers' journals, each with up to 10 members. */
  groups?: number;
  /**
   * One `prayer_written` activity row per prayer (streaks and activity days), and
   * `PRAYER_EVENTS_PER_PRAYER` Prayed events by its author (the prayer log, sessions).
   */
  activity?: boolean;
  /** The seeded users' plan; paid plans run until 2100. Default free. */
  plan?: 'free' | 'premium' | 'ministry';
  /** Every user's password (the seed is for development and benchmarks only). */
  password?: string;
}

export interface SeedCounts {
  users: number;
  journals: number;
  prayers: number;
  friendships: number;
  prayerRequests: number;
  notifications: number;
  groups: number;
}

export const SEED_PASSWORD = 'Selah-seed-Password-1';

/** Prayed events per seeded prayer (with `activity`). */
export const PRAYER_EVENTS_PER_PRAYER = 10;

export type SeedKind = 'user' | 'journal' | 'prayer' | 'request' | 'notification' | 'group';

/** The deterministic id of the n-th seeded row of a kind: `md5('kind:n')` shaped as a v4 uuid. */
export function seedId(kind: SeedKind, n: number): string {
  const hex = createHash('md5').update(`${kind}:${n}`).digest('hex');
  const v4 = `${hex.slice(0, 12)}4${hex.slice(13, 16)}8${hex.slice(17)}`;
  return `${v4.slice(0, 8)}-${v4.slice(8, 12)}-${v4.slice(12, 16)}-${v4.slice(16, 20)}-${v4.slice(20)}`;
}

/** The SQL twin of `seedId` for set-based inserts. */
const uid = (kind: SeedKind, n: SQL) =>
  sql`(overlay(overlay(md5(${`${kind}:`} || (${n})::text) placing '4' from 13) placing '8' from 17))::uuid`;

/** Where the seed put things, so benchmarks and tests can pick valid ids without queries. */
export class SeedLayout {
  readonly users: number;
  readonly writerEvery: number;
  readonly writers: number;
  readonly journalsPerUser: number;
  readonly prayersPerJournal: number;
  readonly friendsPerUser: number;
  readonly requestsPerUser: number;

  constructor(options: SeedOptions) {
    this.users = options.users;
    this.writerEvery = Math.max(1, options.writerEvery ?? 1);
    this.writers = Math.floor((options.users - 1) / this.writerEvery) + 1;
    this.journalsPerUser = options.journalsPerUser;
    this.prayersPerJournal = options.prayersPerJournal;
    this.friendsPerUser = options.friendsPerUser ?? 0;
    this.requestsPerUser = options.requestsPerUser ?? 0;
  }

  /** The user number of the w-th writer (0-based). */
  writer(w: number): number {
    return w * this.writerEvery + 1;
  }

  /** The journal numbers of a writer's journals. */
  journalsOf(writerIndex: number): number[] {
    const first = writerIndex * this.journalsPerUser + 1;
    return Array.from({ length: this.journalsPerUser }, (_, i) => first + i);
  }

  /** The user number of the friend at signed offset d (1 <= |d| <= friendsPerUser / 2). */
  friend(user: number, d: number): number {
    return ((((user - 1 + d) % this.users) + this.users) % this.users) + 1;
  }

  /** The numbers of a user's public (odd) prayer requests: every friend may read them. */
  publicRequestsOf(user: number): number[] {
    const first = (user - 1) * this.requestsPerUser + 1;
    return Array.from({ length: this.requestsPerUser }, (_, i) => first + i).filter(
      (m) => m % 2 === 1,
    );
  }
}

/**
 * Seeds a deterministic data set in bulk with set-based SQL (generate_series), so even a
 * million rows take minutes, not hours. Users are `seed{i}@example.test`; every `writerEvery`-th
 * user owns `journalsPerUser` journals (every third private, categories round-robin, public
 * ones joined by 0-4 of the owner's friends) of `prayersPerJournal` prayers (half private, a
 * quarter answered with a testimony). Optionally: symmetric friendships (a ring, i +- 1 ...
 * i +- f/2), prayer requests (every other one private and shared with 3-10 friends; public ones
 * prayed for by 0-4 friends), notifications, groups with up to 10 members and the activity log.
 * Counters are recomputed from the rows. Ids come from `seedId` (see also `SeedLayout`).
 */
export async function seed(db: Db, options: SeedOptions): Promise<SeedCounts> {
  const layout = new SeedLayout(options);
  const { users, journalsPerUser: jpu, prayersPerJournal: ppj } = options;
  const every = layout.writerEvery;
  const friends = layout.friendsPerUser;
  if (friends % 2 !== 0 || (friends > 0 && friends >= users))
    throw new Error('friendsPerUser must be even and below the number of users');
  const half = friends / 2;
  const requests = layout.requestsPerUser;
  const notes = options.notificationsPerUser ?? 0;
  const groups = options.groups ?? 0;
  const plan = options.plan ?? 'free';
  const hash = await new PasswordHasher().hash(options.password ?? SEED_PASSWORD);
  const categories = sql.raw(`array[${PRAYER_CATEGORIES.map((c) => `'${c}'`).join(',')}]`);
  const journalsTotal = layout.writers * jpu;
  const prayersTotal = journalsTotal * ppj;
  const requestsTotal = users * requests;
  const notificationsTotal = users * notes;
  // The user number owning journal n, and the user at offset d from user u (1-based, a ring).
  const ownerOf = (n: SQL) => sql`((${n} - 1) / ${jpu}::int) * ${every}::int + 1`;
  const ring = (u: SQL, d: SQL) => sql`(((${u}) - 1 + (${d}) + ${users}::int) % ${users}::int) + 1`;
  await transaction(db, async (tx) => {
    await tx.execute(sql`
      insert into users (id, email, email_verified, password_hash, first_name, last_name, username, plan, plan_expires_at, settings, notification_preferences, created_at)
      select ${uid('user', sql`i`)}, 'seed' || i || '@example.test', true, ${hash}, 'Seed', 'User ' || i, 'seed' || i,
             ${plan}, ${plan === 'free' ? null : '2100-01-01T00:00:00Z'}::timestamptz,
             ${JSON.stringify(DEFAULT_USER_SETTINGS)}::jsonb, ${JSON.stringify(DEFAULT_NOTIFICATION_PREFERENCES)}::jsonb,
             timestamptz '2026-01-01' + (i || ' seconds')::interval
      from generate_series(1, ${users}::int) as i
      on conflict do nothing`);
    await tx.execute(sql`
      insert into journals (id, owner_id, title, description, is_private, category, created_at, updated_at)
      select ${uid('journal', sql`n`)}, ${uid('user', ownerOf(sql`n`))},
             'Journal ' || n, 'A seeded journal for prayers number ' || n, n % 3 = 0,
             (${categories})[1 + n % 9], timestamptz '2026-01-01' + (n || ' minutes')::interval,
             timestamptz '2026-01-01' + (n || ' minutes')::interval
      from generate_series(1, ${journalsTotal}::int) as n
      on conflict do nothing`);
    await tx.execute(sql`
      insert into journal_members (journal_id, user_id, role, joined_at)
      select ${uid('journal', sql`n`)}, ${uid('user', ownerOf(sql`n`))}, 'owner',
             timestamptz '2026-01-01' + (n || ' minutes')::interval
      from generate_series(1, ${journalsTotal}::int) as n
      on conflict do nothing`);
    if (half > 0) {
      await tx.execute(sql`
        insert into journal_members (journal_id, user_id, role, joined_at)
        select ${uid('journal', sql`n`)}, ${uid('user', ring(ownerOf(sql`n`), sql`d`))}, 'member',
               timestamptz '2026-01-02' + (n || ' minutes')::interval + (d || ' seconds')::interval
        from generate_series(1, ${journalsTotal}::int) as n,
             generate_series(1, least(n % 5, ${half}::int)) as d
        where n % 3 <> 0
        on conflict do nothing`);
    }
    await tx.execute(sql`
      insert into prayers (id, journal_id, author_id, title, content, category, status, is_private, answered_at, created_at, updated_at)
      select ${uid('prayer', sql`k`)}, ${uid('journal', sql`(k - 1) / ${ppj}::int + 1`)},
             ${uid('user', ownerOf(sql`((k - 1) / ${ppj}::int + 1)`))},
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
    if (options.activity) {
      await tx.execute(sql`
        insert into prayer_activity (user_id, kind, occurred_at)
        select ${uid('user', ownerOf(sql`((k - 1) / ${ppj}::int + 1)`))}, 'prayer_written',
               timestamptz '2026-01-01' + (k || ' seconds')::interval
        from generate_series(1, ${prayersTotal}::int) as k`);
      // Ten Prayed events per prayer by its author, on days spread over the year (issue 20: the
      // log, the streak, "last prayed" and sessions measured with their history).
      await tx.execute(sql`
        insert into prayer_events (user_id, prayer_id, day, source, occurred_at)
        select ${uid('user', ownerOf(sql`((k - 1) / ${ppj}::int + 1)`))}, ${uid('prayer', sql`k`)},
               (at at time zone 'UTC')::date, case when e % 2 = 0 then 'session' else 'card' end, at
        from generate_series(1, ${prayersTotal}::int) as k,
             generate_series(1, ${PRAYER_EVENTS_PER_PRAYER}::int) as e,
             lateral (select timestamptz '2026-01-01' + ((k * 7 + e * 31) % 320 || ' days')::interval
               + (k % 86400 || ' seconds')::interval as at) as t`);
    }
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
    if (half > 0) {
      // Both directions, as the app stores them; sorted so the primary key fills in order.
      await tx.execute(sql`
        insert into friendships (user_id, friend_id, created_at)
        select ${uid('user', sql`i`)}, ${uid('user', ring(sql`i`, sql`s * d`))}, timestamptz '2026-01-01'
        from generate_series(1, ${users}::int) as i, generate_series(1, ${half}::int) as d,
             (values (1), (-1)) as v(s)
        on conflict do nothing`);
    }
    if (requestsTotal > 0) {
      const creator = sql`((m - 1) / ${requests}::int + 1)`;
      await tx.execute(sql`
        insert into prayer_requests (id, creator_id, title, description, category, is_private, created_at, updated_at)
        select ${uid('request', sql`m`)}, ${uid('user', creator)}, 'Prayer request ' || m,
               'Please pray with me, request number ' || m, (${categories})[1 + m % 9], m % 2 = 0,
               timestamptz '2026-01-01' + (m || ' seconds')::interval,
               timestamptz '2026-01-01' + (m || ' seconds')::interval
        from generate_series(1, ${requestsTotal}::int) as m
        on conflict do nothing`);
      if (half > 0) {
        await tx.execute(sql`
          insert into prayer_request_shares (request_id, user_id)
          select ${uid('request', sql`m`)}, ${uid('user', ring(creator, sql`d`))}
          from generate_series(2, ${requestsTotal}::int, 2) as m,
               generate_series(1, least(3 + m % 8, ${half}::int)) as d
          on conflict do nothing`);
        await tx.execute(sql`
          insert into prayer_request_responses (request_id, user_id, created_at)
          select ${uid('request', sql`m`)}, ${uid('user', ring(creator, sql`-d`))},
                 timestamptz '2026-01-02' + (m || ' seconds')::interval + (d || ' seconds')::interval
          from generate_series(1, ${requestsTotal}::int, 2) as m,
               generate_series(1, least(m % 5, ${half}::int)) as d
          on conflict do nothing`);
      }
    }
    if (notificationsTotal > 0) {
      const owner = sql`((q - 1) / ${notes}::int + 1)`;
      await tx.execute(sql`
        insert into notifications (id, user_id, actor_id, type, message, link, read, created_at)
        select ${uid('notification', sql`q`)}, ${uid('user', owner)},
               ${half > 0 ? uid('user', ring(owner, sql`1`)) : sql`null::uuid`},
               (array['request_prayed','request_shared','journal_joined','prayer_answered','friend_accepted'])[1 + q % 5],
               'Seeded notification number ' || q, '/prayer-requests', q % 3 <> 0,
               timestamptz '2026-01-01' + (q || ' seconds')::interval
        from generate_series(1, ${notificationsTotal}::int) as q
        on conflict do nothing`);
    }
    if (groups > 0 && journalsTotal > 0) {
      const journal = sql`(1 + ((g - 1)::bigint * ${journalsTotal}::int / ${groups}::int))::int`;
      await tx.execute(sql`
        insert into prayer_groups (id, name, description, is_public, journal_id, creator_id, created_at, updated_at)
        select ${uid('group', sql`g`)}, 'Prayer group ' || g, 'A seeded prayer group number ' || g,
               g % 4 <> 0, ${uid('journal', journal)}, ${uid('user', ownerOf(journal))},
               timestamptz '2026-01-03' + (g || ' minutes')::interval,
               timestamptz '2026-01-03' + (g || ' minutes')::interval
        from generate_series(1, ${groups}::int) as g
        on conflict do nothing`);
      await tx.execute(sql`
        insert into prayer_group_members (group_id, user_id, role, joined_at)
        select ${uid('group', sql`g`)}, ${uid('user', ring(ownerOf(journal), sql`d`))},
               case when d = 0 then 'admin' else 'member' end,
               timestamptz '2026-01-03' + (g || ' minutes')::interval + (d || ' seconds')::interval
        from generate_series(1, ${groups}::int) as g, generate_series(0, least(9, ${half}::int)) as d
        on conflict do nothing`);
      await tx.execute(sql`
        update prayer_groups g set member_count = c.n
        from (select group_id, count(*)::int as n from prayer_group_members group by group_id) c
        where c.group_id = g.id`);
    }
  });
  return {
    users,
    journals: journalsTotal,
    prayers: prayersTotal,
    friendships: users * friends,
    prayerRequests: requestsTotal,
    notifications: notificationsTotal,
    groups: journalsTotal > 0 ? groups : 0,
  };
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
