import { describe, expect, it } from 'vitest';
import { commitmentText, daysLeft } from './praying-button';

describe('the running commitment, in words', () => {
  it('counts the days left of a daily commitment, today and its last day included', () => {
    expect(daysLeft('2026-03-20', '2026-03-14')).toBe(7);
    expect(daysLeft('2026-03-20', '2026-03-20')).toBe(1);
    expect(daysLeft('2026-03-20', '2026-03-22')).toBe(0);
    // Across the end of a month and a change of summer time alike.
    expect(daysLeft('2026-04-02', '2026-03-28')).toBe(6);
  });

  it('says how the user prays', () => {
    const today = '2026-03-16';
    expect(commitmentText({ cadence: 'once', endsOn: null, running: true }, today)).toBe(
      'Praying today',
    );
    expect(commitmentText({ cadence: 'untilAnswered', endsOn: null, running: true }, today)).toBe(
      'Praying until answered',
    );
    expect(commitmentText({ cadence: 'daily7', endsOn: '2026-03-20', running: true }, today)).toBe(
      'Praying daily · 5 days left',
    );
    expect(commitmentText({ cadence: 'daily7', endsOn: '2026-03-16', running: true }, today)).toBe(
      'Praying daily · 1 day left',
    );
  });
});
