import { describe, expect, it } from 'vitest';
import { longDay, prayedSummaryText, shortDay, weekdayName } from './days';

/** What Intl says for a calendar date, in UTC: the labels must read the same without it. */
const intl = (day: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

describe('day labels, made without Intl (ADR 028)', () => {
  it("read as Intl's en-US words for every day of two years, leap day included", () => {
    const today = '2026-11-25';
    for (let t = Date.UTC(2023, 11, 25); t <= Date.UTC(2025, 11, 31); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      expect(weekdayName(day)).toBe(intl(day, { weekday: 'long' }));
      expect(longDay(day)).toBe(intl(day, { weekday: 'long', month: 'long', day: 'numeric' }));
      expect(shortDay(day, today)).toBe(
        intl(day, { month: 'short', day: 'numeric', year: 'numeric' }),
      );
      expect(shortDay(day, day)).toBe(intl(day, { month: 'short', day: 'numeric' }));
    }
  });

  it('say when a prayer was last prayed', () => {
    const today = '2026-11-25';
    expect(prayedSummaryText({ prayedCount: 0, lastPrayedDay: null }, today)).toBe(
      'Not prayed yet',
    );
    expect(prayedSummaryText({ prayedCount: 1, lastPrayedDay: today }, today)).toBe(
      'Prayed 1 time, last today',
    );
    expect(prayedSummaryText({ prayedCount: 12, lastPrayedDay: '2026-11-24' }, today)).toBe(
      'Prayed 12 times, last yesterday',
    );
    expect(prayedSummaryText({ prayedCount: 3, lastPrayedDay: '2026-11-20' }, today)).toBe(
      'Prayed 3 times, last on Friday',
    );
    expect(prayedSummaryText({ prayedCount: 3, lastPrayedDay: '2026-11-02' }, today)).toBe(
      'Prayed 3 times, last on Nov 2',
    );
    expect(prayedSummaryText({ prayedCount: 3, lastPrayedDay: '2025-12-30' }, today)).toBe(
      'Prayed 3 times, last on Dec 30, 2025',
    );
  });
});
