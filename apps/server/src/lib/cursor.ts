import { badRequest } from './app-error.ts';
import { isUuid } from './uuid.ts';

/**
 * The parts a page cursor may hold, each checked for meaning when it is decoded (issue 18 §7):
 * - `timestamp`: an instant as `Date.toISOString` writes it, from 1900 to 9999 (PostgreSQL has no
 *   year 0000, and no row of Selah's is older), decoded to a `Date`;
 * - `uuid`: a row id, in the canonical form PostgreSQL writes;
 * - `integer`: a whole number from 0 to 2^31 - 1 (PostgreSQL's `integer`), such as a count.
 */
export type CursorPart = 'timestamp' | 'uuid' | 'integer';

type Decoded<P extends CursorPart> = P extends 'timestamp'
  ? Date
  : P extends 'integer'
    ? number
    : string;

/** What `encodeCursor` takes for each part. */
type Encoded<P extends CursorPart> = P extends 'timestamp'
  ? Date
  : P extends 'integer'
    ? number
    : string;

/** The key most lists page by: (created_at, id), newest first. */
export const CREATED_AT_ID = ['timestamp', 'uuid'] as const;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const INTEGER_MAX = 2 ** 31 - 1;
/** The earliest instant a cursor may hold (the same floor as calendar dates: CalendarDateSchema). */
const INSTANT_MIN = Date.UTC(1900, 0, 1);

/** The value of one part, or undefined when the cursor's value does not mean one. */
function decodePart(part: CursorPart, value: unknown): Date | string | number | undefined {
  switch (part) {
    case 'timestamp': {
      if (typeof value !== 'string' || !ISO_INSTANT.test(value)) return undefined;
      const date = new Date(value);
      // Round-trips only when every field is in range (no 30 February, no hour 25).
      return !Number.isNaN(date.getTime()) &&
        date.getTime() >= INSTANT_MIN &&
        date.toISOString() === value
        ? date
        : undefined;
    }
    case 'uuid':
      return isUuid(value) ? value : undefined;
    case 'integer':
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= INTEGER_MAX
        ? (value as number)
        : undefined;
  }
}

/** An opaque pagination cursor: base64url JSON of the last row's sort key, in `shape`. */
export function encodeCursor<const T extends readonly CursorPart[]>(
  _shape: T,
  key: { readonly [K in keyof T]: Encoded<T[K]> },
): string {
  const json = (key as readonly (Date | string | number)[]).map((part) =>
    part instanceof Date ? part.toISOString() : part,
  );
  return Buffer.from(JSON.stringify(json)).toString('base64url');
}

/**
 * Decodes a cursor made by `encodeCursor` with the same shape, checking that each part means
 * what the shape says, so a query never receives a date that is not a date, an id that is not a
 * uuid or a number out of range.
 * @throws AppError BAD_REQUEST for any other cursor.
 */
export function decodeCursor<const T extends readonly CursorPart[]>(
  cursor: string | undefined,
  shape: T,
): { -readonly [K in keyof T]: Decoded<T[K]> } | null {
  if (!cursor) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('Invalid page cursor.');
  }
  if (!Array.isArray(value) || value.length !== shape.length)
    throw badRequest('Invalid page cursor.');
  const parts = shape.map((part, i) => decodePart(part, value[i]));
  if (parts.some((part) => part === undefined)) throw badRequest('Invalid page cursor.');
  return parts as { -readonly [K in keyof T]: Decoded<T[K]> };
}

/** A page of a list: its items and the cursor of the next page, null on the last one. */
export interface CursorPage<Item> {
  data: Item[];
  nextCursor: string | null;
}

/**
 * The page from the `limit + 1` rows a query read (the one way every list pages, issue 30 §2):
 * the first `limit`, presented, and when the extra row came back, the cursor that continues
 * after the last one shown (`cursorOf(last)`, usually `encodeCursor` of its sort key).
 */
export function cursorPage<Row, Item>(
  rows: readonly Row[],
  limit: number,
  present: (row: Row) => Item,
  cursorOf: (last: Row) => string,
): CursorPage<Item> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => present(row)),
    nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null,
  };
}

/** Escapes LIKE wildcards so user input matches literally. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, '\\$&')}%`;
