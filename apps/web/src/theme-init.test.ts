import { runInThisContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { mockPrefersDark } from '@/testing/media';
import script from '../public/theme-init.js?raw';

/** Runs public/theme-init.js the way the browser does: before React, from <head>. */
function runThemeInit() {
  runInThisContext(script);
}

describe('public/theme-init.js', () => {
  it('applies the stored theme and colour before the app starts', () => {
    mockPrefersDark(false);
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('themeColor', 'teal');

    runThemeInit();

    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).toHaveAttribute('data-theme-color', 'teal');
  });

  it('follows the system preference when nothing is stored', () => {
    mockPrefersDark(true);

    runThemeInit();

    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).toHaveAttribute('data-theme-color', 'slate');
  });

  it('ignores values it does not know', () => {
    mockPrefersDark(false);
    localStorage.setItem('theme', 'blue');
    localStorage.setItem('themeColor', '"><script>');

    runThemeInit();

    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.documentElement).toHaveAttribute('data-theme-color', 'slate');
  });
});
