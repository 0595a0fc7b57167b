/**
 * Category badge colours (spec-1 §2 "Prayer cards"): Family, Health, Spiritual, Finances, Career,
 * Friends, World and Crisis have their own colour, anything else is grey. The categories offered
 * on creation (spec-1 §3) that name the same thing share a colour: 'World Events' is World,
 * 'Ministry' is Spiritual, 'Relationships' is Friends.
 *
 * Each entry is a literal class list (Tailwind only generates classes it finds in the source).
 * Every text colour meets WCAG AA (4.5:1) against its background in light and dark mode;
 * category-colors.test.ts reads the hex values out of these classes and checks it.
 */
const FAMILY =
  'border-transparent bg-[#dbeafe] text-[#1e40af] dark:bg-[#172554] dark:text-[#bfdbfe]';
const HEALTH =
  'border-transparent bg-[#dcfce7] text-[#166534] dark:bg-[#052e16] dark:text-[#bbf7d0]';
const SPIRITUAL =
  'border-transparent bg-[#f3e8ff] text-[#6b21a8] dark:bg-[#3b0764] dark:text-[#e9d5ff]';
const FINANCES =
  'border-transparent bg-[#fef9c3] text-[#854d0e] dark:bg-[#422006] dark:text-[#fef08a]';
const CAREER =
  'border-transparent bg-[#ffedd5] text-[#9a3412] dark:bg-[#431407] dark:text-[#fed7aa]';
const FRIENDS =
  'border-transparent bg-[#fce7f3] text-[#9d174d] dark:bg-[#500724] dark:text-[#fbcfe8]';
const WORLD =
  'border-transparent bg-[#e0e7ff] text-[#3730a3] dark:bg-[#1e1b4b] dark:text-[#c7d2fe]';
const CRISIS =
  'border-transparent bg-[#fee2e2] text-[#991b1b] dark:bg-[#450a0a] dark:text-[#fecaca]';

/** Grey, for every category without a colour of its own (and for none). */
export const DEFAULT_CATEGORY_CLASS =
  'border-transparent bg-[#f1f5f9] text-[#334155] dark:bg-[#1e293b] dark:text-[#e2e8f0]';

export const CATEGORY_CLASSES: Readonly<Record<string, string>> = {
  Family: FAMILY,
  Health: HEALTH,
  Spiritual: SPIRITUAL,
  Ministry: SPIRITUAL,
  Finances: FINANCES,
  Career: CAREER,
  Friends: FRIENDS,
  Relationships: FRIENDS,
  World: WORLD,
  'World Events': WORLD,
  Crisis: CRISIS,
};

/** The badge classes for a category (case-insensitive); grey when it has no colour. */
export function getCategoryClass(category: string | null | undefined): string {
  if (!category) return DEFAULT_CATEGORY_CLASS;
  const key = Object.keys(CATEGORY_CLASSES).find(
    (name) => name.toLowerCase() === category.trim().toLowerCase(),
  );
  return key ? (CATEGORY_CLASSES[key] ?? DEFAULT_CATEGORY_CLASS) : DEFAULT_CATEGORY_CLASS;
}
