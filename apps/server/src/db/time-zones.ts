import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { canonicalTimeZone, TIME_ZONE_NAMES } from '../lib/time-zone.ts';
import type { Db, DbOrTx } from './client.ts';
import { rowsOf } from './json.ts';
import { timeZones, users } from './schema/index.ts';

/** The accepted zone names as one JSON parameter (one value, whatever the driver). */
const listedJson = () => JSON.stringify(TIME_ZONE_NAMES);

/**
 * Fills `time_zones` with the accepted names this database knows (`pg_timezone_names`, read
 * once: it lists the server's zone files, a third of a second on PostgreSQL) and drops any
 * other name. Idempotent.
 */
export async function refreshTimeZones(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    with known as (
      select listed.name from jsonb_array_elements_text(${listedJson()}::jsonb) as listed(name)
      where listed.name in (select name from pg_timezone_names)
    ), dropped as (
      delete from ${timeZones} where ${timeZones.name} not in (select name from known)
    )
    insert into ${timeZones} (name) select name from known on conflict do nothing`);
}

/**
 * Rewrites the stored zones that are not accepted names (ADR 054): another name for a zone
 * becomes the zone ('US/Pacific' → 'America/Los_Angeles'), an offset or an unknown name is
 * removed (the user's zone is UTC again until they choose one). Idempotent: once every stored
 * zone is an accepted name it finds nothing. A listed name the database lacks is left as it is
 * (it reads as UTC while the database lacks it). Returns how many users it changed.
 */
export async function migrateStoredTimeZones(db: DbOrTx): Promise<number> {
  const found = rowsOf<{ zone: string }>(
    await db.execute(sql`
      select distinct ${users.settings} ->> 'timeZone' as zone from ${users}
      where ${users.settings} ->> 'timeZone' is not null
        and ${users.settings} ->> 'timeZone' not in
          (select jsonb_array_elements_text(${listedJson()}::jsonb))`),
  );
  if (found.length === 0) return 0;
  const changes = found.map(({ zone }) => ({ old: zone, zone: canonicalTimeZone(zone) }));
  const changed = rowsOf<{ id: string }>(
    await db.execute(sql`
      update ${users} set settings = case
          when m.zone is null then ${users.settings} - 'timeZone'
          else jsonb_set(${users.settings}, '{timeZone}', to_jsonb(m.zone))
        end
      from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as m(old text, zone text)
      where ${users.settings} ->> 'timeZone' = m.old
      returning ${users.id} as id`),
  );
  return changed.length;
}

/** Brings the zones up to date after the migrations: the table, then the stored values. */
export async function syncTimeZones(db: Db): Promise<void> {
  await refreshTimeZones(db);
  await migrateStoredTimeZones(db);
}

/** The names `time_zones` holds (filled by `refreshTimeZones` when it is still empty). */
export async function knownTimeZoneNames(db: Db): Promise<string[]> {
  const read = async () =>
    (await db.select({ name: timeZones.name }).from(timeZones)).map((row) => row.name);
  const names = await read();
  if (names.length > 0) return names;
  await refreshTimeZones(db);
  return read();
}

/**
 * A user's zone for `at time zone`, from their settings: the stored name when `time_zones`
 * holds it, else 'UTC'. A value that slipped past the checks (written by hand, or a zone the
 * database no longer knows) then reads as UTC, as `userTimeZone` reads it, instead of failing
 * the statement for everyone it concerns. The uncorrelated `in (select ...)` is a hashed subplan:
 * the table is read once per statement and each row costs a hash probe (a correlated lookup per
 * row was six times slower than no check at all; this is as fast).
 */
export const settingsZone = (settings: AnyColumn | SQL = users.settings): SQL =>
  sql`case when ${settings} ->> 'timeZone' in (select ${timeZones.name} from ${timeZones}) then ${settings} ->> 'timeZone' else 'UTC' end`;
