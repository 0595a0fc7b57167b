import { describe, expect, it } from 'vitest';
import {
  dayNumber,
  isValidTimeZone,
  localDate,
  periodStarts,
  startOfLocalDay,
} from './time-zone.ts';

describe('time zones (formatters are built once per zone)', () => {
  it('tells valid zones from invalid ones, again and again', () => {
    for (let i = 0; i < 3; i++) {
      expect(isValidTimeZone('Africa/Lagos')).toBe(true);
      expect(isValidTimeZone('Not/AZone')).toBe(false);
      expect(isValidTimeZone('')).toBe(false);
    }
  });

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
