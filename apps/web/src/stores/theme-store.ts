import { STORAGE_KEYS, THEME_COLORS, type ThemeColor } from '@selah/shared/constants';
import { create } from 'zustand';

export type Theme = 'light' | 'dark';
export type FontSize = 1 | 2 | 3 | 4 | 5;

export const DEFAULT_THEME_COLOR: ThemeColor = 'slate';
export const DEFAULT_FONT_SIZE: FontSize = 3;
export const FONT_SIZES: readonly FontSize[] = [1, 2, 3, 4, 5];

/**
 * The localStorage mirror of the signed-in user's font size and animations, read by
 * head/theme-init.js before the first paint (JSON: `{"fontSize":3,"animations":null}`).
 */
export const APPEARANCE_STORAGE_KEY = 'appearance';

/** Font size and animations; `animations: null` follows the system's reduced-motion setting. */
export interface Appearance {
  fontSize: FontSize;
  animations: boolean | null;
}

/** A change of any part of the appearance, as the user makes it or as the server knows it. */
export interface AppearanceChange {
  theme?: Theme;
  fontSize?: FontSize;
  animations?: boolean | null;
}

/** The whole appearance at the moment of a user's change (what is saved to the account). */
export interface ChosenAppearance extends Appearance {
  theme: Theme;
}

interface ThemeState extends Appearance {
  theme: Theme;
  themeColor: ThemeColor;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
  setThemeColor: (color: ThemeColor) => void;
  setFontSize: (fontSize: FontSize) => void;
  setAnimations: (animations: boolean | null) => void;
  /**
   * Applies an appearance that did not come from the user's hand here (the account's saved
   * settings, another tab): applied and mirrored to storage, but not reported as a choice.
   */
  applyAppearance: (change: AppearanceChange) => void;
}

export function isThemeColor(value: unknown): value is ThemeColor {
  return typeof value === 'string' && (THEME_COLORS as readonly string[]).includes(value);
}

export function isFontSize(value: unknown): value is FontSize {
  return typeof value === 'number' && (FONT_SIZES as readonly number[]).includes(value);
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
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-color-scheme: dark)').matches;
  return prefersDark ? 'dark' : 'light';
}

export function getInitialThemeColor(): ThemeColor {
  const stored = readStorage(STORAGE_KEYS.themeColor);
  return isThemeColor(stored) ? stored : DEFAULT_THEME_COLOR;
}

/** Reads an appearance mirror value, keeping only what is well-formed. */
export function parseAppearance(raw: string | null): Appearance {
  let value: unknown = null;
  try {
    value = raw ? JSON.parse(raw) : null;
  } catch {
    value = null;
  }
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  return {
    fontSize: isFontSize(record.fontSize) ? record.fontSize : DEFAULT_FONT_SIZE,
    animations: typeof record.animations === 'boolean' ? record.animations : null,
  };
}

export function getInitialAppearance(): Appearance {
  return parseAppearance(readStorage(APPEARANCE_STORAGE_KEY));
}

/** Puts the theme on <html>: the `.dark` class and `data-theme-color` (see src/index.css). */
export function applyTheme(theme: Theme, themeColor: ThemeColor) {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  root.setAttribute('data-theme-color', themeColor);
}

/**
 * Puts font size and animations on <html> (see src/index.css): `data-font-size` (1 to 5) sets
 * the root font size, so every rem-based size scales; `data-reduce-motion` is 'true' (animations
 * off), 'false' (on, even when the system asks for less motion) or absent (follow the system).
 */
export function applyAppearanceToDocument({ fontSize, animations }: Appearance) {
  const root = document.documentElement;
  root.setAttribute('data-font-size', String(fontSize));
  if (animations === null) root.removeAttribute('data-reduce-motion');
  else root.setAttribute('data-reduce-motion', animations ? 'false' : 'true');
}

type AppearanceListener = (chosen: ChosenAppearance) => void;
const appearanceListeners = new Set<AppearanceListener>();

/**
 * Calls `listener` whenever the user changes the theme, font size or animations here (not when
 * the account's settings or another tab set them). Returns a function that removes it.
 */
export function onAppearanceChosen(listener: AppearanceListener): () => void {
  appearanceListeners.add(listener);
  return () => {
    appearanceListeners.delete(listener);
  };
}

function persistAppearance({ fontSize, animations }: Appearance) {
  writeStorage(APPEARANCE_STORAGE_KEY, JSON.stringify({ fontSize, animations }));
}

/**
 * Light/dark mode, the accent colour, the font size and animations. Theme and colour persist as
 * the plain localStorage values 'theme' and 'themeColor', font size and animations as the JSON
 * value 'appearance', because head/theme-init.js reads them before React starts.
 */
export const useThemeStore = create<ThemeState>()((set, get) => {
  const chosen = () => {
    const { theme, fontSize, animations } = get();
    for (const listener of appearanceListeners) listener({ theme, fontSize, animations });
  };
  const update = (input: AppearanceChange) => {
    // Keys given as undefined are left as they are.
    const change = Object.fromEntries(
      Object.entries(input).filter(([, value]) => value !== undefined),
    ) as AppearanceChange;
    const next = { ...get(), ...change };
    if (change.theme !== undefined) writeStorage(STORAGE_KEYS.theme, change.theme);
    if (change.fontSize !== undefined || change.animations !== undefined) persistAppearance(next);
    set(change);
  };
  return {
    // What a page rendered without the browser's storage shows (the server's render, and the
    // browser's as it hydrates that markup); the stored choice follows right below.
    theme: 'light',
    themeColor: DEFAULT_THEME_COLOR,
    fontSize: DEFAULT_FONT_SIZE,
    animations: null,
    setTheme: (theme) => {
      update({ theme });
      chosen();
    },
    toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
    setThemeColor: (themeColor) => {
      writeStorage(STORAGE_KEYS.themeColor, themeColor);
      set({ themeColor });
    },
    setFontSize: (fontSize) => {
      update({ fontSize });
      chosen();
    },
    setAnimations: (animations) => {
      update({ animations });
      chosen();
    },
    applyAppearance: (change) => {
      const current = get();
      const changed = (Object.keys(change) as (keyof AppearanceChange)[]).some(
        (key) => change[key] !== undefined && change[key] !== current[key],
      );
      if (changed) update(change);
    },
  };
});

/**
 * The stored choice, else the system's preference (theme-init.js applied them to <html> before
 * the first paint). The store's initial state stays the defaults above: React renders from it on
 * the server and while it hydrates, and from the state below right after (docs/decisions/045).
 */
if (typeof window !== 'undefined') {
  useThemeStore.setState({
    theme: getInitialTheme(),
    themeColor: getInitialThemeColor(),
    ...getInitialAppearance(),
  });
}

// Keep <html> in step with the store (theme-init.js applied the initial values already).
useThemeStore.subscribe((state, previous) => {
  if (state.theme !== previous.theme || state.themeColor !== previous.themeColor) {
    applyTheme(state.theme, state.themeColor);
  }
  if (state.fontSize !== previous.fontSize || state.animations !== previous.animations) {
    applyAppearanceToDocument(state);
  }
});
