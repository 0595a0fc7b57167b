import { describe, expect, it } from 'vitest';
import {
  climbValue,
  COUNTDOWN_RESET_SECONDS,
  COUNTDOWN_START_SECONDS,
  formatCountdown,
  nextCountdown,
  PROFIT_TARGET,
} from './countdown';

describe('trade page countdown', () => {
  it('starts at 23:45:32 and resets to 23:59:59 at zero', () => {
    expect(formatCountdown(COUNTDOWN_START_SECONDS)).toBe('23:45:32');
    expect(nextCountdown(COUNTDOWN_START_SECONDS)).toBe(COUNTDOWN_START_SECONDS - 1);
    expect(nextCountdown(1)).toBe(0);
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(nextCountdown(0)).toBe(COUNTDOWN_RESET_SECONDS);
    expect(formatCountdown(COUNTDOWN_RESET_SECONDS)).toBe('23:59:59');
  });

  it('climbs to 847 and stays there', () => {
    expect(climbValue(0, 2000)).toBe(0);
    expect(climbValue(1000, 2000)).toBeGreaterThan(PROFIT_TARGET / 2);
    expect(climbValue(1999, 2000)).toBeLessThanOrEqual(PROFIT_TARGET);
    expect(climbValue(2000, 2000)).toBe(PROFIT_TARGET);
    expect(climbValue(5000, 2000)).toBe(PROFIT_TARGET);
  });
});
