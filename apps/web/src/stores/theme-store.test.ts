import { describe, expect, it, vi } from 'vitest';
import { mockPrefersDark } from '@/testing/media';
import {
  APPEARANCE_STORAGE_KEY,
  getInitialAppearance,
  getInitialTheme,
  getInitialThemeColor,
  onAppearanceChosen,
  parseAppearance,
  useThemeStore,
} from './theme-store';

describe('theme store', () => {
  it('starts from the stored theme and colour', () => {
    mockPrefersDark(false);
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('themeColor', 'rose');

    expect(getInitialTheme()).toBe('dark');
    expect(getInitialThemeColor()).toBe('rose');
  });

  it('falls back to the system preference, then to light and slate', () => {
    mockPrefersDark(true);
    expect(getInitialTheme()).toBe('dark');

    mockPrefersDark(false);
    localStorage.setItem('theme', 'sepia');
    localStorage.setItem('themeColor', 'chartreuse');
    expect(getInitialTheme()).toBe('light');
    expect(getInitialThemeColor()).toBe('slate');
  });

  it('persists choices as plain values under "theme" and "themeColor"', () => {
    useThemeStore.getState().setTheme('dark');
    useThemeStore.getState().setThemeColor('indigo');

    expect(localStorage.getItem('theme')).toBe('dark');
    expect(localStorage.getItem('themeColor')).toBe('indigo');
    expect(getInitialTheme()).toBe('dark');
    expect(getInitialThemeColor()).toBe('indigo');
  });

  it('applies the theme to <html>', () => {
    const html = document.documentElement;
    useThemeStore.getState().setThemeColor('amber');
    useThemeStore.getState().toggleTheme();

    expect(html).toHaveClass('dark');
    expect(html).toHaveAttribute('data-theme-color', 'amber');
    expect(html.style.colorScheme).toBe('dark');

    useThemeStore.getState().toggleTheme();
    expect(html).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');
  });
});

describe('theme store: font size and animations', () => {
  it('applies the font size and animations to <html> and mirrors them under "appearance"', () => {
    const html = document.documentElement;
    useThemeStore.getState().setFontSize(5);
    useThemeStore.getState().setAnimations(false);

    expect(html).toHaveAttribute('data-font-size', '5');
    expect(html).toHaveAttribute('data-reduce-motion', 'true');
    expect(JSON.parse(localStorage.getItem(APPEARANCE_STORAGE_KEY)!)).toEqual({
      fontSize: 5,
      animations: false,
    });
    expect(getInitialAppearance()).toEqual({ fontSize: 5, animations: false });

    useThemeStore.getState().setAnimations(true);
    expect(html).toHaveAttribute('data-reduce-motion', 'false');
    useThemeStore.getState().setAnimations(null);
    expect(html).not.toHaveAttribute('data-reduce-motion');
  });

  it('reports what the user chooses, but not what is applied from the account', () => {
    const chosen = vi.fn();
    const stop = onAppearanceChosen(chosen);

    useThemeStore.getState().applyAppearance({ theme: 'dark', fontSize: 4 });
    expect(chosen).not.toHaveBeenCalled();
    expect(useThemeStore.getState()).toMatchObject({ theme: 'dark', fontSize: 4 });

    useThemeStore.getState().toggleTheme();
    expect(chosen).toHaveBeenLastCalledWith({ theme: 'light', fontSize: 4, animations: null });
    useThemeStore.getState().setFontSize(2);
    expect(chosen).toHaveBeenLastCalledWith({ theme: 'light', fontSize: 2, animations: null });

    stop();
    useThemeStore.getState().setFontSize(3);
    expect(chosen).toHaveBeenCalledTimes(2);
  });

  it('ignores a malformed "appearance" value', () => {
    expect(parseAppearance('{"fontSize":9,"animations":"yes"}')).toEqual({
      fontSize: 3,
      animations: null,
    });
    expect(parseAppearance('not json')).toEqual({ fontSize: 3, animations: null });
    expect(parseAppearance(null)).toEqual({ fontSize: 3, animations: null });
  });
});
