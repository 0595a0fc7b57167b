/** Limits and constants shared by the web app and the server (spec-1 §9, spec-2 §9). */

export const TITLE_MAX = 50;
export const DESCRIPTION_MAX = 2000;
export const PRAYER_CONTENT_MAX = 5000;
export const GROUP_NAME_MAX = 50;
export const GROUP_DESCRIPTION_MAX = 500;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
/** Argon2 has no truncation, but an upper bound keeps hashing cost bounded. */
export const PASSWORD_MAX = 256;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

export const PRAYER_CATEGORIES = [
  'Personal',
  'Family',
  'Health',
  'Career',
  'Ministry',
  'Finances',
  'Relationships',
  'Education',
  'World Events',
] as const;
export type PrayerCategory = (typeof PRAYER_CATEGORIES)[number];

export const THEME_COLORS = [
  'slate',
  'blue',
  'indigo',
  'purple',
  'pink',
  'rose',
  'amber',
  'emerald',
  'teal',
] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];

export const STORAGE_KEYS = {
  auth: 'auth-storage',
  token: 'token',
  user: 'user',
  theme: 'theme',
  themeColor: 'themeColor',
} as const;

export const MOBILE_BREAKPOINT = 768;
export const ONLINE_WINDOW_MS = 5 * 60 * 1000;
export const NOTIFICATION_DROPDOWN_WIDTH = 300;

export const TOAST_AUTH_ERROR_MS = 5000;
export const TOAST_AUTH_ERROR_SUGGEST_LOGIN_MS = 8000;
export const TOAST_WELCOME_NEW_USER_MS = 6000;
export const TOAST_WELCOME_BACK_MS = 4000;

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRIES = 3;
export const QUERY_RETRY_BASE_MS = 1000;
export const QUERY_RETRY_MAX_MS = 30_000;

/** Session lifetimes: a normal sign-in lasts a day, "remember me" 30 days. */
export const SESSION_TTL_SECONDS = 24 * 60 * 60;
export const SESSION_REMEMBER_TTL_SECONDS = 30 * 24 * 60 * 60;
/** The Google callback's one-time code. */
export const LOGIN_CODE_TTL_SECONDS = 60;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
/** A link confirming an e-mail address (after sign-up, or the new one of an e-mail change). */
export const EMAIL_LINK_TTL_SECONDS = 24 * 60 * 60;
/** How long a fresh Google sign-in confirms clearing data or deleting a Google-only account. */
export const GOOGLE_CONFIRM_TTL_SECONDS = 5 * 60;
