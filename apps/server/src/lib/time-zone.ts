/**
 * Formatters by time zone. Building an Intl.DateTimeFormat costs far more than using one (it was
 * a quarter of the dashboard's CPU), so each zone's formatters are built once. Bounded: there are
 * about 600 IANA zones, and invalid ones are never stored.
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

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  if (dateFormats.has(timeZone)) return true;
  try {
    dateFormat(timeZone);
    return true;
  } catch {
    return false;
  }
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
 * Consecutive days with activity ending today or yesterday. `days` are distinct local dates,
 * newest first.
 */
export function streakFrom(days: string[], today: string): number {
  if (days.length === 0) return 0;
  let expected = days[0] === today ? today : addDays(today, -1);
  if (days[0] !== expected) return 0;
  let streak = 0;
  for (const day of days) {
    if (day !== expected) break;
    streak++;
    expected = addDays(expected, -1);
  }
  return streak;
}
