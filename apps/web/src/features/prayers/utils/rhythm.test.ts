import { describe, expect, it } from 'vitest';
import { formatLocalDay } from './rhythm';

const intl = (day: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

describe('formatLocalDay (without Intl, ADR 028)', () => {
  it('reads "Tue, Dec 1" for every day of two years, leap day included', () => {
    expect(formatLocalDay('2026-12-01')).toBe('Tue, Dec 1');
    for (let t = Date.UTC(2023, 11, 25); t <= Date.UTC(2025, 11, 31); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      expect(formatLocalDay(day)).toBe(
        `${intl(day, { weekday: 'short' })}, ${intl(day, { month: 'short', day: 'numeric' })}`,
      );
    }
  });
});
