/** Shown for a missing date (spec-1 §5 "Dates"). */
export const DATE_NOT_AVAILABLE = 'Date not available';
/** Shown for a value that is not a date (spec-1 §5 "Dates"). */
export const INVALID_DATE = 'Invalid Date';

export type DateStyle = 'long' | 'short';

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  /** November 22, 2026 */
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  /** Nov 22, 2026 */
  short: { year: 'numeric', month: 'short', day: 'numeric' },
};

/**
 * One formatter per style and time zone, made on first use: an `Intl.DateTimeFormat` costs far
 * more to construct than to use, and a list formats a date per card (ADR 028).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(style: DateStyle, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${style} ${timeZone ?? ''}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...STYLES[style], timeZone });
    formatters.set(key, format);
  }
  return format;
}

/** English month names, for words made without Intl (ADR 028). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** English weekday names, Sunday first (`Date#getUTCDay`), for words made without Intl. */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/**
 * The same words as `Intl.DateTimeFormat('en-US', STYLES[style])` in the browser's time zone,
 * without Intl: the page's first `Intl.DateTimeFormat` sets up ICU's date patterns, 100-400 ms of
 * main thread on a phone in one piece (ADR 028). Years outside 1-9999 go through Intl.
 */
function inBrowserZone(date: Date, style: DateStyle): string | null {
  const year = date.getFullYear();
  if (year < 1 || year > 9999) return null;
  const month = MONTHS[date.getMonth()] ?? '';
  return `${style === 'short' ? month.slice(0, 3) : month} ${date.getDate()}, ${year}`;
}

/**
 * A calendar date in words: 'Date not available' when empty, 'Invalid Date' when unparsable.
 * `timeZone` (an IANA name such as the user's setting) picks the day; the browser's by default.
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  style: DateStyle = 'long',
  { timeZone }: { timeZone?: string | undefined } = {},
): string {
  if (value === null || value === undefined || value === '') return DATE_NOT_AVAILABLE;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return INVALID_DATE;
  if (timeZone === undefined)
    return inBrowserZone(date, style) ?? formatter(style, undefined).format(date);
  try {
    return formatter(style, timeZone).format(date);
  } catch {
    // An unknown time zone name: fall back to the browser's own.
    return formatter(style, undefined).format(date);
  }
}
