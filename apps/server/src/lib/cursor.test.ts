import { describe, expect, it } from 'vitest';
import { CREATED_AT_ID, cursorPage, decodeCursor, encodeCursor } from './cursor.ts';

const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const ID = '0b9f3c1e-3a4d-4f5e-8a6b-7c8d9e0f1a2b';

describe('page cursors', () => {
  it('decode what they encode, typed', () => {
    const at = new Date('2026-11-24T10:11:12.345Z');
    const cursor = encodeCursor(CREATED_AT_ID, [at, ID]);
    expect(decodeCursor(cursor, CREATED_AT_ID)).toEqual([at, ID]);
    expect(decodeCursor(encodeCursor(['integer'], [2 ** 31 - 1]), ['integer'])).toEqual([
      2 ** 31 - 1,
    ]);
    expect(decodeCursor(undefined, CREATED_AT_ID)).toBeNull();
    expect(decodeCursor('', CREATED_AT_ID)).toBeNull();
  });

  it.each([
    ['not JSON', 'bm90IGpzb24'],
    ['not base64 JSON', '%%%'],
    ['an object', raw({ at: '2026-01-01T00:00:00.000Z', id: ID })],
    ['too short', raw(['2026-01-01T00:00:00.000Z'])],
    ['too long', raw(['2026-01-01T00:00:00.000Z', ID, 1])],
    ['a date that is not a date', raw(['not-a-date', ID])],
    ['30 February', raw(['2026-02-30T00:00:00.000Z', ID])],
    ['a date without milliseconds', raw(['2026-01-01T00:00:00Z', ID])],
    ['a date PostgreSQL cannot store', raw(['+275760-09-13T00:00:00.000Z', ID])],
    ['year 0000, which PostgreSQL has not', raw(['0000-01-01T00:00:00.000Z', ID])],
    ['a date before 1900', raw(['1899-12-31T23:59:59.999Z', ID])],
    ['month 13', raw(['2026-13-01T00:00:00.000Z', ID])],
    ['an offset instead of Z', raw(['2026-01-01T00:00:00.000+05:30', ID])],
    ['a number for a date', raw([1_700_000_000_000, ID])],
    ['an id that is not a uuid', raw(['2026-01-01T00:00:00.000Z', 'x'])],
    ['SQL for an id', raw(['2026-01-01T00:00:00.000Z', "' or 1=1 --"])],
  ])('refuse %s with a 400', (_label, cursor) => {
    expect(() => decodeCursor(cursor, CREATED_AT_ID)).toThrow(
      expect.objectContaining({ statusCode: 400, message: 'Invalid page cursor.' }),
    );
  });

  it('take the first instant of 1900 and the last of 9999', () => {
    for (const at of ['1900-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z'])
      expect(decodeCursor(raw([at, ID]), CREATED_AT_ID)).toEqual([new Date(at), ID]);
  });

  it.each([
    ['year 0000', ['0000-01-01T00:00:00.000Z', 0, ID]],
    ['a negative rank', ['2026-01-01T00:00:00.000Z', -1, ID]],
    ['a rank that is text', ['2026-01-01T00:00:00.000Z', '0', ID]],
  ])('refuse a three-part key with %s', (_label, key) => {
    expect(() => decodeCursor(raw(key), ['timestamp', 'integer', 'uuid'])).toThrow(
      'Invalid page cursor.',
    );
  });

  it.each([[-1], [1.5], [2 ** 31], [1e300], ['1'], [null]])('refuse the integer %s', (n) => {
    expect(() => decodeCursor(raw([n]), ['integer'])).toThrow('Invalid page cursor.');
  });
});

describe('cursorPage', () => {
  const rows = [1, 2, 3];
  const present = (n: number) => `#${n}`;
  const cursorOf = (last: number) => `after ${last}`;

  it('shows the first `limit` rows and continues after the last shown when one more came', () => {
    expect(cursorPage(rows, 2, present, cursorOf)).toEqual({
      data: ['#1', '#2'],
      nextCursor: 'after 2',
    });
  });

  it('ends the list when no extra row came', () => {
    expect(cursorPage(rows, 3, present, cursorOf)).toEqual({
      data: ['#1', '#2', '#3'],
      nextCursor: null,
    });
    expect(cursorPage([], 3, present, cursorOf)).toEqual({ data: [], nextCursor: null });
  });
});
