import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { THEME_COLORS } from '@selah/shared/constants';
import { describe, expect, it } from 'vitest';

// Read from disk: Vitest does not process CSS imports, even with ?raw.
const css = readFileSync(join(import.meta.dirname, 'index.css'), 'utf8');

/** The custom properties declared by the first rule whose selector is exactly `selector`. */
function tokens(selector: string): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(?:^|\\n)${escaped}\\s*\\{([^}]*)\\}`).exec(css);
  if (!match?.[1]) throw new Error(`No rule for ${selector}`);
  return Object.fromEntries(
    [...match[1].matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]?.trim()]),
  );
}

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

const light = tokens(':root');
const dark = { ...light, ...tokens('.dark') };

function palette(color: string, mode: 'light' | 'dark') {
  const base = mode === 'light' ? light : dark;
  if (color === 'slate') return base;
  const selector =
    mode === 'light'
      ? `:root[data-theme-color='${color}']`
      : `:root.dark[data-theme-color='${color}']`;
  return { ...base, ...tokens(selector) };
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
