import { PRAYER_CATEGORIES } from '@selah/shared/constants';
import { describe, expect, it } from 'vitest';
import { CATEGORY_CLASSES, DEFAULT_CATEGORY_CLASS, getCategoryClass } from './category-colors';

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

/** The hex colour of a utility such as `dark:bg-[#172554]` in a class list. */
function colour(classes: string, utility: string): string {
  const escaped = utility.replace(/[:[\]]/g, '\\$&');
  const match = new RegExp(`(?:^|\\s)${escaped}-\\[(#[0-9a-f]{6})\\]`).exec(classes);
  if (!match?.[1]) throw new Error(`No ${utility} colour in "${classes}"`);
  return match[1];
}

const ALL = [...Object.entries(CATEGORY_CLASSES), ['(default)', DEFAULT_CATEGORY_CLASS]] as const;

describe('category colours', () => {
  it.each(ALL)('%s meets WCAG AA in light and dark mode', (_name, classes) => {
    expect(contrast(colour(classes, 'bg'), colour(classes, 'text'))).toBeGreaterThanOrEqual(4.5);
    expect(
      contrast(colour(classes, 'dark:bg'), colour(classes, 'dark:text')),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['Family', 'Health', 'Spiritual', 'Finances', 'Career', 'Friends', 'World', 'Crisis'])(
    'gives %s a colour of its own',
    (category) => {
      expect(getCategoryClass(category)).not.toBe(DEFAULT_CATEGORY_CLASS);
    },
  );

  it('uses grey for other categories and for none', () => {
    expect(getCategoryClass('Personal')).toBe(DEFAULT_CATEGORY_CLASS);
    expect(getCategoryClass('Something else')).toBe(DEFAULT_CATEGORY_CLASS);
    expect(getCategoryClass(null)).toBe(DEFAULT_CATEGORY_CLASS);
    expect(getCategoryClass('')).toBe(DEFAULT_CATEGORY_CLASS);
  });

  it('matches categories case-insensitively', () => {
    expect(getCategoryClass('family')).toBe(CATEGORY_CLASSES.Family);
  });

  it('gives the creation categories that name a coloured one the same colour', () => {
    expect(PRAYER_CATEGORIES).toContain('World Events');
    expect(getCategoryClass('World Events')).toBe(getCategoryClass('World'));
    expect(getCategoryClass('Ministry')).toBe(getCategoryClass('Spiritual'));
    expect(getCategoryClass('Relationships')).toBe(getCategoryClass('Friends'));
  });
});
