import { runInThisContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import script from '../public/theme-init.js?raw';

/** Runs public/theme-init.js the way the browser does: before React, from <head>. */
function runThemeInit() {
  runInThisContext(script);
}

function mockSystemDark(dark: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: dark && query === '(prefers-color-scheme: dark)',
        media: query,
      }) as MediaQueryList,
  );
}

describe('public/theme-init.js', () => {
  it('applies the stored theme and colour before the app starts', () => {
    mockSystemDark(false);
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('themeColor', 'teal');

    runThemeInit();

    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).toHaveAttribute('data-theme-color', 'teal');
  });

  it('follows the system preference when nothing is stored', () => {
    mockSystemDark(true);

    runThemeInit();

    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).toHaveAttribute('data-theme-color', 'slate');
  });

  it('ignores values it does not know', () => {
    mockSystemDark(false);
    localStorage.setItem('theme', 'blue');
    localStorage.setItem('themeColor', '"><script>');

    runThemeInit();

    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.documentElement).toHaveAttribute('data-theme-color', 'slate');
  });
});
