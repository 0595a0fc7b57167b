import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = Date.parse('2026-03-14T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('formatRelativeTime', () => {
  it('says how long ago in words, and the date after a week', () => {
    expect(formatRelativeTime(ago(10_000), NOW)).toBe('just now');
    expect(formatRelativeTime(ago(60_000), NOW)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * 60_000), NOW)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3_600_000), NOW)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(24 * 3_600_000), NOW)).toBe('yesterday');
    expect(formatRelativeTime(ago(4 * 86_400_000), NOW)).toBe('4 days ago');
    expect(formatRelativeTime('2026-03-02T12:00:00.000Z', NOW)).toBe('Mar 2, 2026');
  });

  it('treats a time slightly ahead of the clock as now, and an unparsable one as invalid', () => {
    expect(formatRelativeTime(new Date(NOW + 5_000).toISOString(), NOW)).toBe('just now');
    expect(formatRelativeTime('not a date', NOW)).toBe('Invalid Date');
  });
});
