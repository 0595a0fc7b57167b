import { describe, expect, it } from 'vitest';
import { DATE_NOT_AVAILABLE, formatDate, INVALID_DATE } from './format-date';

describe('formatDate', () => {
  it.each([null, undefined, ''])("says 'Date not available' for %j", (value) => {
    expect(formatDate(value)).toBe(DATE_NOT_AVAILABLE);
    expect(DATE_NOT_AVAILABLE).toBe('Date not available');
  });

  it.each(['not a date', '2026-13-45', Number.NaN])("says 'Invalid Date' for %j", (value) => {
    expect(formatDate(value)).toBe(INVALID_DATE);
    expect(INVALID_DATE).toBe('Invalid Date');
  });

  it('writes long and short dates in the given time zone', () => {
    const value = '2026-03-14T23:30:00.000Z';
    expect(formatDate(value, 'long', { timeZone: 'UTC' })).toBe('March 14, 2026');
    expect(formatDate(value, 'short', { timeZone: 'UTC' })).toBe('Mar 14, 2026');
    // Already the next day in Tokyo.
    expect(formatDate(value, 'long', { timeZone: 'Asia/Tokyo' })).toBe('March 15, 2026');
  });

  it('accepts Date objects and ignores an unknown time zone', () => {
    const date = new Date('2026-03-14T12:00:00.000Z');
    expect(formatDate(date, 'long', { timeZone: 'UTC' })).toBe('March 14, 2026');
    expect(formatDate(date, 'long', { timeZone: 'Not/AZone' })).toMatch(/^March 1[45], 2026$/);
  });

  it("writes the browser's zone like Intl's en-US long and short dates", () => {
    const long = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    const short = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    });
    // Every month, both ends of it, and a day on each side of midnight UTC.
    for (let month = 0; month < 12; month += 1) {
      for (const day of [1, 9, 28]) {
        for (const hour of [0, 12, 23]) {
          const date = new Date(2026, month, day, hour, 30);
          expect(formatDate(date)).toBe(long.format(date));
          expect(formatDate(date.toISOString(), 'short')).toBe(short.format(date));
        }
      }
    }
    const ancient = new Date('0999-06-15T12:00:00');
    expect(formatDate(ancient)).toBe(long.format(ancient));
  });
});
