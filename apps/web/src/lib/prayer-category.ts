import { PRAYER_CATEGORIES, type PrayerCategory } from '@selah/shared/constants';

/** Whether a value (a query parameter, a stored category) is one of the prayer categories. */
export function isPrayerCategory(value: string | null | undefined): value is PrayerCategory {
  return (PRAYER_CATEGORIES as readonly (string | null | undefined)[]).includes(value);
}
