import { TIME_ZONE_INVALID } from '@selah/shared/schemas/settings';
import { canonicalTimeZone, TIME_ZONE_NAMES } from '@selah/shared/time-zones';

// The accepted names and their canonicalisation are shared with the web client (ADR 057).
export { canonicalTimeZone, TIME_ZONE_NAMES };

/** The accepted names this process's database knows too (`useKnownTimeZones`, at boot). */
let known: ReadonlySet<string> = new Set(TIME_ZONE_NAMES);

/**
 * Narrows the accepted zones to the names the database knows (its `time_zones` table), so that
 * a zone the API accepts is one SQL can use: called once when the app is built.
 */
export function useKnownTimeZones(names: Iterable<string>): void {
  const listed = new Set(TIME_ZONE_NAMES);
  known = new Set([...names].filter((name) => listed.has(name)));
}

/** True when `zone` is an accepted zone name that the database knows too. */
export function isKnownTimeZone(zone: unknown): zone is string {
  return typeof zone === 'string' && known.has(zone);
}

/** A UTC offset, written any way ('-0800', '+05:30', 'UTC+5', 'GMT-8', 'Etc/GMT+5'). */
const OFFSET = /^(?:utc|gmt|etc\/gmt)?\s*[+\-\u2212]\s*\d/i;

export const TIME_ZONE_OFFSET =
  'Please choose a time zone by place, such as America/New_York, not a UTC offset.';

/** Why `zone` cannot be chosen, in the words the API answers with; null when it can. */
export function timeZoneProblem(zone: string): string | null {
  if (known.has(zone)) return null;
  if (OFFSET.test(zone)) return TIME_ZONE_OFFSET;
  const canonical = canonicalTimeZone(zone);
  if (canonical !== null && isKnownTimeZone(canonical))
    return `Please choose ${canonical} (${zone} is another name for it).`;
  return TIME_ZONE_INVALID;
}

/**
 * Formatters by time zone. Building an Intl.DateTimeFormat costs far more than using one (it was
 * a quarter of the dashboard's CPU), so each zone's formatters are built once. Bounded: there are
 * about 420 accepted zones, and no other is ever stored.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const partFormats = new Map<string, Intl.DateTimeFormat>();
const FORMAT_CACHE_MAX = 1_000;

function cached(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  make: () => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) {
    format = make();
    if (cache.size >= FORMAT_CACHE_MAX) cache.clear();
    cache.set(timeZone, format);
  }
  return format;
}

const dateFormat = (timeZone: string) =>
  cached(
    dateFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }),
  );

/** The local calendar date (YYYY-MM-DD) of `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  return dateFormat(timeZone).format(instant);
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The UTC offset of `timeZone` at `instant`, in minutes (east positive). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = cached(
    partFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
  ).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant local midnight of `date` (YYYY-MM-DD) happens in `timeZone`. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const guess = new Date(`${date}T00:00:00Z`);
  const first = new Date(guess.getTime() - offsetMinutes(guess, timeZone) * 60_000);
  // Re-check once: the offset at the guess may differ from the offset at local midnight (DST).
  return new Date(guess.getTime() - offsetMinutes(first, timeZone) * 60_000);
}

/** Local start of today, of this ISO week (Monday) and of this month, as instants. */
export function periodStarts(
  now: Date,
  timeZone: string,
): { day: Date; week: Date; month: Date; today: string } {
  const today = localDate(now, timeZone);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  return {
    today,
    day: startOfLocalDay(today, timeZone),
    week: startOfLocalDay(addDays(today, -weekday), timeZone),
    month: startOfLocalDay(`${today.slice(0, 8)}01`, timeZone),
  };
}

/**
 * The instant a window of the last `days` local days (today included) starts: local midnight of
 * the day `days - 1` days before today.
 */
export function windowStart(now: Date, timeZone: string, days: number): Date {
  return startOfLocalDay(addDays(localDate(now, timeZone), 1 - days), timeZone);
}

/**
 * Whole days since 1970-01-01 of a YYYY-MM-DD date, by arithmetic (the civil-from-days algorithm):
 * five times faster than `Date.parse`, which the streak's walk over years of days felt.
 */
export function dayNumber(date: string): number {
  const digits = (from: number, to: number) => {
    let n = 0;
    for (let i = from; i < to; i++) n = n * 10 + date.charCodeAt(i) - 48;
    return n;
  };
  const month = digits(5, 7);
  const year = digits(0, 4) - (month <= 2 ? 1 : 0);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + digits(8, 10) - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}
