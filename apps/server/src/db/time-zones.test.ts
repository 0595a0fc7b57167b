import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { person } from '../../test/people.ts';
import { TIME_ZONE_NAMES } from '../lib/time-zone.ts';
import { rowsOf } from './json.ts';
import { timeZones, users } from './schema/index.ts';
import {
  knownTimeZoneNames,
  migrateStoredTimeZones,
  refreshTimeZones,
  settingsZone,
} from './time-zones.ts';

/** The database's side of the accepted time zones (ADR 054), on PGlite and on PostgreSQL. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const tableNames = async () =>
  (await t.db.db.select().from(timeZones)).map((row) => row.name).sort();

describe('time_zones', () => {
  it('holds every accepted name after the migrations: this database knows them all', async () => {
    expect(await tableNames()).toEqual([...TIME_ZONE_NAMES].sort());
    expect((await knownTimeZoneNames(t.db.db)).length).toBe(TIME_ZONE_NAMES.length);
  });

  it('is brought back to the accepted names this database knows, again and again', async () => {
    await t.db.db.insert(timeZones).values([{ name: 'Mars/Olympus' }, { name: 'US/Pacific' }]);
    await t.db.db.delete(timeZones).where(eq(timeZones.name, 'Europe/Paris'));
    await refreshTimeZones(t.db.db);
    await refreshTimeZones(t.db.db);
    expect(await tableNames()).toEqual([...TIME_ZONE_NAMES].sort());
  });

  it('is filled when the app finds it empty (a database migrated without this step)', async () => {
    await t.db.db.delete(timeZones);
    expect((await knownTimeZoneNames(t.db.db)).sort()).toEqual([...TIME_ZONE_NAMES].sort());
  });
});

describe('a user’s zone in SQL', () => {
  it('is the stored zone when the database knows it, and UTC for anything else, never an error', async () => {
    const zoneOf = async (settings: unknown) => {
      const [row] = rowsOf<{ zone: string; day: string }>(
        await t.db.db.execute(sql`
          select ${settingsZone(sql`${JSON.stringify(settings)}::jsonb`)} as zone,
            to_char(('2026-11-22T03:00:00Z'::timestamptz at time zone
              ${settingsZone(sql`${JSON.stringify(settings)}::jsonb`)})::date, 'YYYY-MM-DD') as day`),
      );
      return row;
    };
    expect(await zoneOf({ timeZone: 'America/Chicago' })).toEqual({
      zone: 'America/Chicago',
      day: '2026-11-21',
    });
    expect(await zoneOf({ timeZone: 'Etc/GMT' })).toEqual({ zone: 'Etc/GMT', day: '2026-11-22' });
    for (const settings of [
      {},
      { timeZone: null },
      { timeZone: 5 },
      { timeZone: 'US/Pacific-New' },
      { timeZone: '-0800' },
      { timeZone: '+05:30' },
      { timeZone: 'US/Pacific' },
      { timeZone: 'posixrules' },
      { timeZone: "'; drop table users; --" },
    ])
      expect(await zoneOf(settings), JSON.stringify(settings)).toEqual({
        zone: 'UTC',
        day: '2026-11-22',
      });
  });
});

describe('stored zones that are not accepted names', () => {
  it('become the zone they name, or none (UTC), once: the step is idempotent', async () => {
    const stored: [string | null, string | undefined][] = [
      ['US/Pacific', 'America/Los_Angeles'],
      ['US/Pacific-New', 'America/Los_Angeles'],
      ['Asia/Calcutta', 'Asia/Kolkata'],
      ['GMT', 'UTC'],
      ['america/chicago', 'America/Chicago'],
      ['-0800', undefined],
      ['+05:30', undefined],
      ['Etc/GMT+5', undefined],
      ['Not a zone', undefined],
      ['Etc/GMT', 'Etc/GMT'],
      ['Europe/Paris', 'Europe/Paris'],
      [null, undefined],
    ];
    const ids: string[] = [];
    for (const [zone] of stored) {
      const p = await person(t.app);
      const [row] = await t.db.db.select().from(users).where(eq(users.id, p.id));
      const { timeZone: _none, ...settings } = row!.settings;
      await t.db.db
        .update(users)
        .set({ settings: zone === null ? settings : { ...settings, timeZone: zone } })
        .where(eq(users.id, p.id));
      ids.push(p.id);
    }
    // The nine that are not accepted names, rewritten in one statement.
    expect(await migrateStoredTimeZones(t.db.db)).toBe(9);
    for (const [i, [zone, expected]] of stored.entries()) {
      const [row] = await t.db.db.select().from(users).where(eq(users.id, ids[i]!));
      expect(row!.settings.timeZone, String(zone)).toBe(expected);
      expect(row!.settings.privacy, 'the other settings stay').toBeDefined();
    }
    expect(await migrateStoredTimeZones(t.db.db)).toBe(0);
  });
});
