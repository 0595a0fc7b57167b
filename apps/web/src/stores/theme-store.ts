import { STORAGE_KEYS, THEME_COLORS, type ThemeColor } from '@selah/shared/constants';
import { create } from 'zustand';

export type Theme = 'light' | 'dark';

export const DEFAULT_THEME_COLOR: ThemeColor = 'slate';

interface ThemeState {
  theme: Theme;
  themeColor: ThemeColor;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
  setThemeColor: (color: ThemeColor) => void;
}

export function isThemeColor(value: unknown): value is ThemeColor {
  return typeof value === 'string' && (THEME_COLORS as readonly string[]).includes(value);
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not persisted; the choice still applies to this page.
  }
}

/** The stored theme, else the system dark-mode preference, else light (spec-1 §4). */
export function getInitialTheme(): Theme {
  const stored = readStorage(STORAGE_KEYS.theme);
  if (stored === 'light' || stored === 'dark') return stored;
  const prefersDark =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-color-scheme: dark)').matches;
  return prefersDark ? 'dark' : 'light';
}

export function getInitialThemeColor(): ThemeColor {
  const stored = readStorage(STORAGE_KEYS.themeColor);
  return isThemeColor(stored) ? stored : DEFAULT_THEME_COLOR;
}

/** Puts the theme on <html>: the `.dark` class and `data-theme-color` (see src/index.css). */
export function applyTheme(theme: Theme, themeColor: ThemeColor) {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  root.setAttribute('data-theme-color', themeColor);
}

/**
 * Light/dark mode and the accent colour. Persisted as the plain localStorage values 'theme' and
 * 'themeColor' (not a JSON blob) because public/theme-init.js reads them before React starts.
 */
export const useThemeStore = create<ThemeState>()((set, get) => ({
  theme: getInitialTheme(),
  themeColor: getInitialThemeColor(),
  setTheme: (theme) => {
    writeStorage(STORAGE_KEYS.theme, theme);
    set({ theme });
  },
  toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
  setThemeColor: (themeColor) => {
    writeStorage(STORAGE_KEYS.themeColor, themeColor);
    set({ themeColor });
  },
}));

// Keep <html> in step with the store (theme-init.js applied the initial values already).
useThemeStore.subscribe((state, previous) => {
  if (state.theme !== previous.theme || state.themeColor !== previous.themeColor) {
    applyTheme(state.theme, state.themeColor);
  }
});
