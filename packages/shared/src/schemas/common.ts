import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants.ts';

export const IdSchema = z.uuid({ message: 'Invalid id.' });
export const IdParamsSchema = z.strictObject({ id: IdSchema });
/** A record and one person in it: `/:id/members/:userId`, `/:id/share/:userId`. */
export const MemberParamsSchema = z.strictObject({ id: IdSchema, userId: IdSchema });

export const PageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export const DATE_FORMAT_MESSAGE = 'Dates are written YYYY-MM-DD.';
export const DATE_MISSING_MESSAGE = 'That date does not exist.';
/** The first calendar date any field takes: nothing in a prayer journal is older. */
export const CALENDAR_DATE_MIN = '1900-01-01';
export const DATE_RANGE_MESSAGE = 'Dates go from 1900-01-01 to 9999-12-31.';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a YYYY-MM-DD date is in the calendar (no month 13 or 00, no 30 February). */
function dateExists(date: string): boolean {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return month >= 1 && month <= 12 && day >= 1 && day <= days;
}

/**
 * A calendar date, 'YYYY-MM-DD', that exists, from 1900-01-01 to 9999-12-31 (PostgreSQL's
 * `date` holds them all, and JavaScript reads them the same way): every date or day field of
 * the API takes this one schema (issue 28 §3).
 */
export const CalendarDateSchema = z
  .string({ error: DATE_FORMAT_MESSAGE })
  .regex(DATE_PATTERN, { error: DATE_FORMAT_MESSAGE, abort: true })
  .refine(dateExists, { error: DATE_MISSING_MESSAGE, abort: true })
  .refine((date) => date >= CALENDAR_DATE_MIN, { error: DATE_RANGE_MESSAGE });

export const MessageSchema = z.object({ message: z.string() });

/** A page of items with the opaque cursor of the next page (null at the end). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), nextCursor: z.string().nullable() });
}
