import { dayNumber } from '../../lib/time-zone.ts';

/** A streak may rest one day in any this many: two missed days closer than this break it. */
export const STREAK_REST_SPAN = 7;

/**
 * The fair streak (issue 20 §5): the days prayed, counted back from today, where one missed day
 * in any 7 is a rest day and two missed days within 7 end it. Today without a Prayed neither
 * counts nor breaks it (the day is not over). The streak is the number of days prayed in it;
 * `rest` are its rest days (missed days between two of its days prayed), newest first.
 * `days` are the distinct local dates prayed, in any order.
 */
export function fairStreak(
  days: Iterable<string>,
  today: string,
): { streak: number; rest: string[] } {
  // Whole day numbers, not date strings: a streak of years walks a thousand days on every
  // dashboard read, and string dates made that a millisecond and a half of CPU (ADR 052).
  const prayed = new Set<number>();
  let oldest = Infinity;
  for (const day of days) {
    const n = dayNumber(day);
    prayed.add(n);
    if (n < oldest) oldest = n;
  }
  const todayNumber = dayNumber(today);
  let cursor = prayed.has(todayNumber) ? todayNumber : todayNumber - 1;
  let streak = 0;
  let lastMiss: number | null = null;
  const misses: number[] = [];
  const rest: string[] = [];
  for (; cursor >= oldest; cursor--) {
    if (prayed.has(cursor)) {
      streak++;
      // The misses since the newer days prayed sit between two days prayed: rest days.
      for (const miss of misses) rest.push(dateOfDayNumber(miss));
      misses.length = 0;
    } else {
      if (lastMiss !== null && lastMiss - cursor < STREAK_REST_SPAN) break;
      lastMiss = cursor;
      misses.push(cursor);
    }
  }
  return { streak, rest };
}

const DAY_MS = 86_400_000;

const dateOfDayNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The fair streak's length (`fairStreak`). */
export function streakFrom(days: Iterable<string>, today: string): number {
  return fairStreak(days, today).streak;
}
