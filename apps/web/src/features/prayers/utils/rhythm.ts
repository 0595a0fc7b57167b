import type { Rhythm } from '@selah/shared/schemas/practice';
import { MONTHS, WEEKDAY_NAMES } from '@/lib/format-date';

/** Sunday first, as the API numbers them (0 = Sunday … 6 = Saturday). */
export const WEEKDAYS = WEEKDAY_NAMES.map((long, day) => ({ day, short: long.slice(0, 3), long }));

const ordinal = (n: number) => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
};

/**
 * A local date ('YYYY-MM-DD') as "Tue, Dec 1" (no time-zone shift: it is a calendar date), made
 * from the calendar rather than with Intl (ADR 028): prayer cards show it.
 */
export function formatLocalDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = WEEKDAY_NAMES[date.getUTCDay()]?.slice(0, 3) ?? '';
  const month = MONTHS[date.getUTCMonth()]?.slice(0, 3) ?? '';
  return `${weekday}, ${month} ${date.getUTCDate()}`;
}

/** The rhythm in words: "Daily", "Weekly on Mon, Wed", "Monthly on the 31st", … */
export function describeRhythm(rhythm: Rhythm): string {
  switch (rhythm.kind) {
    case 'daily':
      return 'Daily';
    case 'weekdays':
      return 'Weekdays';
    case 'weekly':
      return `Weekly on ${(rhythm.days ?? []).map((d) => WEEKDAYS[d]?.short).join(', ')}`;
    case 'monthly':
      return `Monthly on the ${ordinal(rhythm.dayOfMonth ?? 1)}`;
    case 'until':
      return `Daily until ${rhythm.until ? formatLocalDay(rhythm.until) : '…'}`;
    default:
      return 'No rhythm';
  }
}

/** The button that opens the rhythm dialog: 'Set rhythm', or 'Change rhythm' once one is set. */
export const rhythmActionLabel = (rhythm: Rhythm): string =>
  rhythm.kind === 'none' ? 'Set rhythm' : 'Change rhythm';

/** Today in the browser's zone, 'YYYY-MM-DD' (the dialog's quick snooze dates). */
export function localToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
