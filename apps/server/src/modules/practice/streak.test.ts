import { describe, expect, it } from 'vitest';
import { streakFrom } from './streak.ts';

describe('streakFrom', () => {
  it.each([
    [[], '2026-11-22', 0],
    [['2026-11-22'], '2026-11-22', 1],
    [['2026-11-21'], '2026-11-22', 1],
    [['2026-11-20'], '2026-11-22', 1], // today is open, yesterday rests
    [['2026-11-19'], '2026-11-22', 0], // yesterday and the day before: two misses
    [['2026-11-22', '2026-11-21', '2026-11-20'], '2026-11-22', 3],
    // One missed day in any 7 rests; the second within 7 ends the streak (issue 20 §5).
    [['2026-11-21', '2026-11-20', '2026-11-18'], '2026-11-22', 3],
    [['2026-11-22', '2026-11-20', '2026-11-19'], '2026-11-22', 3],
    [['2026-11-22', '2026-11-20', '2026-11-18'], '2026-11-22', 2],
    [['2026-03-01', '2026-02-28', '2026-02-27'], '2026-03-01', 3],
  ])('days %j with today %s gives %i', (days, today, expected) => {
    expect(streakFrom(days, today)).toBe(expected);
  });
});
