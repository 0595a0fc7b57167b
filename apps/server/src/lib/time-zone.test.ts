import { TIME_ZONE_INVALID, TIME_ZONES } from '@selah/shared/schemas/settings';
import { afterEach, describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  dayNumber,
  isKnownTimeZone,
  localDate,
  periodStarts,
  startOfLocalDay,
  TIME_ZONE_NAMES,
  TIME_ZONE_OFFSET,
  timeZoneProblem,
  useKnownTimeZones,
} from './time-zone.ts';
import {
  acceptedTimeZoneName,
  ICU_TIME_ZONE_NAMES,
  ZONE_TAB_NAMES,
} from '@selah/shared/time-zones';

const intlName = (zone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;

describe('the accepted time zones (ADR 054)', () => {
  afterEach(() => useKnownTimeZones(TIME_ZONE_NAMES));

  it("are the zones this Node knows by country, one name each, and the spec's six", () => {
    // Intl lists each zone once, under ICU's name for it (Asia/Calcutta for Asia/Kolkata): the
    // list must name every one of them exactly once, or this Node and the list disagree.
    const listedByIntlName = new Map<string, string[]>();
    for (const zone of ZONE_TAB_NAMES) {
      const name = intlName(zone);
      listedByIntlName.set(name, [...(listedByIntlName.get(name) ?? []), zone]);
    }
    const supported = Intl.supportedValuesOf('timeZone');
    expect(supported.filter((zone) => !listedByIntlName.has(zone))).toEqual([]);
    expect([...listedByIntlName].filter(([, zones]) => zones.length > 1)).toEqual([]);
    expect(listedByIntlName.size).toBe(supported.length);
    for (const { value } of TIME_ZONES) expect(isKnownTimeZone(value), value).toBe(true);
    for (const zone of ['UTC', 'Etc/UTC', 'Asia/Kolkata', 'Europe/Kyiv', 'America/Nuuk'])
      expect(isKnownTimeZone(zone), zone).toBe(true);
  });

  it("name every zone whose ICU name differs in the browser's table, which needs no Intl (ADR 057)", () => {
    const differing = Object.fromEntries(
      ZONE_TAB_NAMES.filter((zone) => intlName(zone) !== zone).map((zone) => [
        intlName(zone),
        zone,
      ]),
    );
    expect(ICU_TIME_ZONE_NAMES).toEqual(differing);
    for (const name of Intl.supportedValuesOf('timeZone'))
      expect(acceptedTimeZoneName(name), name).toBe(canonicalTimeZone(name));
    expect(acceptedTimeZoneName('US/Pacific')).toBeNull();
  });

  it('are never offsets, other names for a zone, or names Intl does not know', () => {
    for (const zone of [
      '-0800',
      '+05:30',
      '-08:00',
      'Etc/GMT+5',
      'US/Pacific',
      'US/Pacific-New',
      'Asia/Calcutta',
      'EST5EDT',
      'GMT',
      'america/new_york',
      'Factory',
      'garbage',
      '',
      ' UTC',
    ])
      expect(isKnownTimeZone(zone), zone).toBe(false);
    expect(isKnownTimeZone(undefined)).toBe(false);
    expect(isKnownTimeZone(5)).toBe(false);
  });

  it('map another name of a zone to the zone, and an offset or an unknown name to nothing', () => {
    expect(canonicalTimeZone('US/Pacific')).toBe('America/Los_Angeles');
    expect(canonicalTimeZone('US/Pacific-New')).toBe('America/Los_Angeles');
    expect(canonicalTimeZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimeZone('GMT')).toBe('UTC');
    expect(canonicalTimeZone('Etc/GMT')).toBe('Etc/GMT');
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris');
    for (const zone of ['-0800', '+05:30', 'Etc/GMT+5', 'garbage', 'Factory', ''])
      expect(canonicalTimeZone(zone), zone).toBeNull();
  });

  it('say why a zone cannot be chosen, naming the zone another name stands for', () => {
    expect(timeZoneProblem('America/Los_Angeles')).toBeNull();
    expect(timeZoneProblem('Etc/GMT')).toBeNull();
    expect(timeZoneProblem('US/Pacific')).toBe(
      'Please choose America/Los_Angeles (US/Pacific is another name for it).',
    );
    for (const zone of ['-0800', '+05:30', 'UTC+5', 'GMT-8', 'Etc/GMT+5', '\u221205:00'])
      expect(timeZoneProblem(zone), zone).toBe(TIME_ZONE_OFFSET);
    for (const zone of ['garbage', 'Mars/Olympus', 'Factory'])
      expect(timeZoneProblem(zone), zone).toBe(TIME_ZONE_INVALID);
  });

  it("are narrowed to the database's own names, and only ever to listed ones", () => {
    useKnownTimeZones(['UTC', 'Europe/Paris', 'US/Pacific', 'posixrules']);
    expect(isKnownTimeZone('Europe/Paris')).toBe(true);
    expect(isKnownTimeZone('America/New_York')).toBe(false);
    expect(isKnownTimeZone('US/Pacific')).toBe(false);
    expect(isKnownTimeZone('posixrules')).toBe(false);
    // Another name for a zone the database lacks: nothing to suggest.
    expect(timeZoneProblem('US/Eastern')).toBe(TIME_ZONE_INVALID);
  });
});

describe('time zones (formatters are built once per zone)', () => {
  it('gives the same answers for interleaved zones as fresh formatters would', () => {
    const instant = new Date('2026-03-08T06:30:00Z'); // 01:30 in New York, before the DST switch
    for (let i = 0; i < 2; i++) {
      expect(localDate(instant, 'America/New_York')).toBe('2026-03-08');
      expect(localDate(instant, 'Pacific/Kiritimati')).toBe('2026-03-08');
      expect(localDate(instant, 'Pacific/Pago_Pago')).toBe('2026-03-07');
      expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe(
        '2026-03-08T05:00:00.000Z',
      );
      expect(startOfLocalDay('2026-03-09', 'America/New_York').toISOString()).toBe(
        '2026-03-09T04:00:00.000Z',
      );
      expect(periodStarts(instant, 'Africa/Lagos')).toEqual({
        today: '2026-03-08',
        day: new Date('2026-03-07T23:00:00Z'),
        week: new Date('2026-03-01T23:00:00Z'),
        month: new Date('2026-02-28T23:00:00Z'),
      });
    }
  });
});

describe('dayNumber (whole days since 1970-01-01, by arithmetic)', () => {
  it('agrees with the calendar on every day from 1899 to 2101, leap days and centuries included', () => {
    for (let day = Date.UTC(1899, 0, 1); day <= Date.UTC(2101, 11, 31); day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      expect(dayNumber(date)).toBe(day / 86_400_000);
    }
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('2000-02-29') - dayNumber('2000-02-28')).toBe(1);
    expect(dayNumber('1900-03-01') - dayNumber('1900-02-28')).toBe(1);
  });
});
