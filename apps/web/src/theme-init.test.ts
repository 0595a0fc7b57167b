import { runInThisContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { mockPrefersDark } from '@/testing/media';
import script from '../head/theme-init.js?raw';

/** Runs head/theme-init.js the way the browser does: before React, from <head>. */
function runThemeInit() {
  runInThisContext(script);
}

describe('head/theme-init.js', () => {
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

  it("applies the signed-in user's font size and animations from the 'appearance' mirror", () => {
    localStorage.setItem('appearance', JSON.stringify({ fontSize: 5, animations: false }));

    runThemeInit();

    expect(document.documentElement).toHaveAttribute('data-font-size', '5');
    expect(document.documentElement).toHaveAttribute('data-reduce-motion', 'true');
  });

  it('uses the default font size and the system motion setting otherwise', () => {
    document.documentElement.setAttribute('data-reduce-motion', 'true');
    localStorage.setItem('appearance', '{"fontSize":"huge"');

    runThemeInit();

    expect(document.documentElement).toHaveAttribute('data-font-size', '3');
    expect(document.documentElement).not.toHaveAttribute('data-reduce-motion');
  });
});
