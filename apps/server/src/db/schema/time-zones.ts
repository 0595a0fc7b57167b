import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The time zone names Selah accepts that this database knows too (ADR 054): filled at every
 * migration run (`db/time-zones.ts`) from the list in `@selah/shared/time-zones` and the server's
 * `pg_timezone_names`. SQL that takes a user's day looks the stored zone up here, so a value
 * that is not a known zone reads as UTC instead of failing the statement.
 */
export const timeZones = pgTable('time_zones', {
  name: text().primaryKey(),
});
