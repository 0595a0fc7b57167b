import type { TimelineItem } from '@selah/shared/schemas/practice';
import { addDays } from '@/lib/calendar-day';
import { MONTHS, WEEKDAY_NAMES } from '@/lib/format-date';

/** Calendar dates (YYYY-MM-DD) are read in UTC: they are days, not instants. */
const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** Whole days from `a` to `b`, positive when `b` is later. */
export function daysBetween(a: string, b: string): number {
  return Math.round((at(b).getTime() - at(a).getTime()) / 86_400_000);
}

/** The Monday of the (ISO) week `day` is in. */
export function mondayOf(day: string): string {
  return addDays(day, -((at(day).getUTCDay() + 6) % 7));
}

/*
 * Day labels are made from the calendar, not with Intl: a page's first Intl.DateTimeFormat sets
 * up ICU's date patterns, 100-400 ms of main thread on a phone in one piece (ADR 028), and the
 * rhythm view labels 84 days and every prayer card says when it was last prayed.
 */
const weekdayOf = (day: string) => WEEKDAY_NAMES[at(day).getUTCDay()] ?? '';
const monthOf = (day: string) => MONTHS[Number(day.slice(5, 7)) - 1] ?? '';
const dayOfMonth = (day: string) => Number(day.slice(8, 10));

/** 'Tuesday' */
export const weekdayName = (day: string) => weekdayOf(day);
/** 'Tuesday, November 18' */
export const longDay = (day: string) => `${weekdayOf(day)}, ${monthOf(day)} ${dayOfMonth(day)}`;
/** 'Nov 18' (and the year when it is not this year's: 'Nov 18, 2025'). */
export const shortDay = (day: string, today: string) =>
  `${monthOf(day).slice(0, 3)} ${dayOfMonth(day)}` +
  (day.slice(0, 4) === today.slice(0, 4) ? '' : `, ${Number(day.slice(0, 4))}`);

/** 'today', 'yesterday', 'on Tuesday' within a week, 'on Nov 14' beyond. */
export function relativeDay(day: string, today: string): string {
  const ago = daysBetween(day, today);
  if (ago <= 0) return 'today';
  if (ago === 1) return 'yesterday';
  if (ago < 7) return `on ${weekdayName(day)}`;
  return `on ${shortDay(day, today)}`;
}

export const times = (n: number) => `${n} ${n === 1 ? 'time' : 'times'}`;

/** "Prayed 12 times, last on Tuesday"; "Not prayed yet". */
export function prayedSummaryText(
  summary: { prayedCount: number; lastPrayedDay: string | null },
  today: string,
): string {
  if (summary.prayedCount === 0 || !summary.lastPrayedDay) return 'Not prayed yet';
  return `Prayed ${times(summary.prayedCount)}, last ${relativeDay(summary.lastPrayedDay, today)}`;
}

/** 'this week', 'last week', 'the week of Nov 10'. */
export function weekLabel(monday: string, today: string): string {
  const thisWeek = mondayOf(today);
  if (monday === thisWeek) return 'this week';
  if (monday === addDays(thisWeek, -7)) return 'last week';
  return `the week of ${shortDay(monday, today)}`;
}

export type TimelineEntry =
  | { kind: 'prayed-week'; key: string; monday: string; items: TimelineItem[] }
  | { kind: 'item'; key: string; item: TimelineItem };

/** The timeline as shown: runs of Prayed events in the same week become one entry. */
export function groupTimeline(items: TimelineItem[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const item of items) {
    if (item.kind === 'prayed' && item.day) {
      const monday = mondayOf(item.day);
      const last = entries.at(-1);
      if (last?.kind === 'prayed-week' && last.monday === monday) last.items.push(item);
      else entries.push({ kind: 'prayed-week', key: `week:${item.id}`, monday, items: [item] });
    } else {
      entries.push({ kind: 'item', key: `${item.kind}:${item.id}`, item });
    }
  }
  return entries;
}
