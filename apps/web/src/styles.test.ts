import { THEME_COLORS } from '@selah/shared/constants';
import { describe, expect, it } from 'vitest';
import { palette } from '@/testing/theme-tokens';

const light = palette('slate', 'light');
const dark = palette('slate', 'dark');

function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [value >> 16, (value >> 8) & 255, value & 255].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * channels[0]! + 0.7152 * channels[1]! + 0.0722 * channels[2]!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('colour tokens (src/index.css)', () => {
  describe.each(THEME_COLORS)('%s', (color) => {
    it.each(['light', 'dark'] as const)('meets WCAG AA in %s mode', (mode) => {
      const t = palette(color, mode);
      const hex = (name: string) => {
        const value = t[name];
        if (!value?.startsWith('#')) throw new Error(`${name} is not a hex colour: ${value}`);
        return value;
      };
      expect(contrast(hex('--primary'), hex('--primary-foreground'))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(hex('--primary'), hex('--background'))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(hex('--secondary'), hex('--secondary-foreground'))).toBeGreaterThanOrEqual(
        4.5,
      );
    });
  });

  it.each([
    ['light', light],
    ['dark', dark],
  ])('keeps body and muted text readable in %s mode', (_mode, t) => {
    expect(contrast(t['--foreground']!, t['--background']!)).toBeGreaterThanOrEqual(7);
    expect(contrast(t['--muted-foreground']!, t['--background']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--muted-foreground']!, t['--muted']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--destructive']!, t['--background']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--destructive']!, t['--destructive-foreground']!)).toBeGreaterThanOrEqual(
      4.5,
    );
  });
});
