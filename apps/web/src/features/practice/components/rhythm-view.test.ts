import { THEME_COLORS } from '@selah/shared/constants';
import { buildRhythm } from '@/testing/factories';
import { describe, expect, it } from 'vitest';
import { palette } from '@/testing/theme-tokens';
import { dayLabel, joinedOnIn, LEVEL_MIX, levelOf, rhythmSummary } from './rhythm-view';

const rgb = (hex: string) => {
  const v = Number.parseInt(hex.slice(1), 16);
  return [v >> 16, (v >> 8) & 255, v & 255] as const;
};
function luminance([r, g, b]: readonly number[]): number {
  const [lr, lg, lb] = [r!, g!, b!].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
}
const contrast = (a: readonly number[], b: readonly number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
/** CSS color-mix(in srgb, a p%, b), rounded as browsers do. */
const mix = (a: readonly number[], b: readonly number[], percent: number) =>
  a.map((channel, i) => Math.round((channel * percent + b[i]! * (100 - percent)) / 100));

describe('the heat map’s colours (WCAG 1.4.11: 3:1 for what shows information)', () => {
  describe.each(THEME_COLORS)('%s', (color) => {
    it.each(['light', 'dark'] as const)(
      'every level stands out from the card in %s mode',
      (mode) => {
        const t = palette(color, mode);
        const card = rgb(t['--card']!);
        const primary = rgb(t['--primary']!);
        for (const level of [1, 2, 3] as const) {
          const { percent, toward } = LEVEL_MIX[level];
          const fill = mix(primary, rgb(t[toward]!), percent);
          expect(contrast(fill, card), `level ${level}`).toBeGreaterThanOrEqual(3);
          // The "filled in later" dot on it.
          expect(
            contrast(rgb(t['--primary-foreground']!), fill),
            `dot ${level}`,
          ).toBeGreaterThanOrEqual(3);
        }
        // The levels differ from each other.
        const fills = ([1, 2, 3] as const).map((level) =>
          mix(primary, rgb(t[LEVEL_MIX[level].toward]!), LEVEL_MIX[level].percent).join(),
        );
        expect(fills[0]).not.toBe(fills[1]);
        // A rest day's dashed border.
        expect(contrast(primary, card)).toBeGreaterThanOrEqual(3);
      },
    );
  });
});

describe('levels and words', () => {
  it.each([
    [0, 0],
    [1, 1],
    [2, 2],
    [3, 2],
    [4, 3],
    [40, 3],
  ])('%i prayers: level %i', (count, level) => {
    expect(levelOf(count)).toBe(level);
  });

  it('says each day in words', () => {
    const today = '2026-03-15';
    expect(dayLabel({ day: today, count: 0, late: false, rest: false }, today)).toBe(
      'Today, Sunday, March 15: not prayed yet',
    );
    expect(dayLabel({ day: '2026-03-14', count: 3, late: true, rest: false }, today)).toBe(
      'Saturday, March 14: prayed 3 times, filled in later',
    );
    expect(dayLabel({ day: '2026-03-13', count: 0, late: false, rest: true }, today)).toBe(
      'Friday, March 13: rest day, the streak holds',
    );
  });

  it('sums the view up in a sentence', () => {
    const rhythm = buildRhythm({ streak: 7, statsWindowDays: 7 });
    rhythm.days.at(-1)!.count = 2;
    rhythm.days.at(-2)!.rest = true;
    expect(rhythmSummary(rhythm)).toBe(
      'You prayed on 1 of the last 84 days. Streak: 7+ days, with 1 rest day.',
    );
  });

  it('welcomes a new account to start, and counts only the days since it joined', () => {
    const rhythm = buildRhythm({ streak: 0 });
    // Day one, nothing prayed: a welcome, not "0 of the last 84 days".
    expect(rhythmSummary(rhythm, '2026-03-15')).toBe(
      'Your prayer rhythm starts here: each day you pray fills in a square.',
    );
    rhythm.days.at(-1)!.count = 1;
    expect(rhythmSummary({ ...rhythm, streak: 1 }, '2026-03-15')).toBe(
      'You prayed on 1 of 1 day since you joined. Streak: 1 day.',
    );
    expect(rhythmSummary({ ...rhythm, streak: 1 }, '2026-03-13')).toBe(
      'You prayed on 1 of the 3 days since you joined. Streak: 1 day.',
    );
    // Joined before the view starts: the whole view counts.
    expect(rhythmSummary({ ...rhythm, streak: 1 }, '2025-01-01')).toBe(
      'You prayed on 1 of the last 84 days. Streak: 1 day.',
    );
  });

  it('reads the local day an account was made only when it is inside the view', () => {
    const rhythm = buildRhythm({ timeZone: 'Africa/Lagos' });
    // 23:30 UTC on March 14 is 00:30 on March 15 in Lagos.
    expect(joinedOnIn('2026-03-14T23:30:00.000Z', rhythm)).toBe('2026-03-15');
    expect(joinedOnIn('2025-06-01T10:00:00.000Z', rhythm)).toBeNull();
    expect(joinedOnIn(undefined, rhythm)).toBeNull();
    expect(joinedOnIn('not a date', rhythm)).toBeNull();
  });
});
