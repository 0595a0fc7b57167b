import { describe, expect, it } from 'vitest';
import { commitmentText } from './praying-button';

describe('the running commitment, in words', () => {
  it('says how the user prays, with the days left the server counted', () => {
    const running = { endsOn: null, running: true, daysLeft: null };
    expect(commitmentText({ ...running, cadence: 'once' })).toBe('Praying today');
    expect(commitmentText({ ...running, cadence: 'untilAnswered' })).toBe('Praying until answered');
    expect(
      commitmentText({ cadence: 'daily7', endsOn: '2026-03-20', running: true, daysLeft: 5 }),
    ).toBe('Praying daily · 5 days left');
    expect(
      commitmentText({ cadence: 'daily7', endsOn: '2026-03-16', running: true, daysLeft: 1 }),
    ).toBe('Praying daily · 1 day left');
  });
});
