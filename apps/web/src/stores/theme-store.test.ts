import { describe, expect, it } from 'vitest';
import { mockPrefersDark } from '@/testing/media';
import { getInitialTheme, getInitialThemeColor, useThemeStore } from './theme-store';

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
