import { describe, expect, it } from 'vitest';
import {
  CalendarDateSchema,
  DATE_FORMAT_MESSAGE,
  DATE_MISSING_MESSAGE,
  DATE_RANGE_MESSAGE,
} from './common.ts';

const problem = (value: unknown) => {
  const result = CalendarDateSchema.safeParse(value);
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe('CalendarDateSchema (every date or day field of the API)', () => {
  it('takes every day of the calendar, as JavaScript counts them, leap days included', () => {
    for (let day = Date.UTC(1900, 0, 1); day <= Date.UTC(2101, 0, 1); day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      expect(problem(date), date).toBeNull();
    }
    expect(problem('9999-12-31')).toBeNull();
  });

  it('refuses dates that do not exist, each with one clear message', () => {
    for (const date of [
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-11-00',
      '2026-04-31',
      '2026-02-29',
      '1900-02-29',
      '2100-02-29',
      '2026-99-99',
    ])
      expect(problem(date), date).toEqual([DATE_MISSING_MESSAGE]);
  });

  it('refuses what PostgreSQL could not store or the product never means, and anything else', () => {
    for (const date of ['0000-01-01', '0001-01-01', '1899-12-31'])
      expect(problem(date), date).toEqual([DATE_RANGE_MESSAGE]);
    for (const value of [
      '+275760-09-13',
      '-000001-01-01',
      '300000-01-01',
      '2026-1-01',
      '2026-11-22T00:00:00Z',
      ' 2026-11-22',
      '2026-11-22\n',
      '２０２６-11-22',
      '',
      20261122,
      null,
    ])
      expect(problem(value), String(value)).toEqual([DATE_FORMAT_MESSAGE]);
  });
});
