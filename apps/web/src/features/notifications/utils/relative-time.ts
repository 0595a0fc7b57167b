import { formatDate } from '@/lib/format-date';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Made on first use, not at module load: constructing it costs 30-60 ms of main thread on a
// phone (ADR 028), and this module loads with the notification bell on every signed-in page.
let relativeFormat: Intl.RelativeTimeFormat | undefined;
const relative = () => (relativeFormat ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));

/**
 * How long ago, in words: 'just now', '5 minutes ago', '3 hours ago', 'yesterday', '4 days ago';
 * older than a week, the short date ('Mar 2, 2026').
 */
export function formatRelativeTime(value: string, now = Date.now()): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return formatDate(value, 'short');
  const elapsed = Math.max(0, now - time);
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relative().format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative().format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative().format(-Math.floor(elapsed / DAY), 'day');
  return formatDate(value, 'short');
}
