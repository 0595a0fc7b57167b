import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Read from disk: Vitest does not process CSS imports, even with ?raw.
const css = readFileSync(join(import.meta.dirname, '../index.css'), 'utf8');

/** The custom properties declared by the first rule of src/index.css whose selector is exactly `selector`. */
export function tokens(selector: string): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(?:^|\\n)${escaped}\\s*\\{([^}]*)\\}`).exec(css);
  if (!match?.[1]) throw new Error(`No rule for ${selector}`);
  return Object.fromEntries(
    [...match[1].matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m): [string, string] => [
      m[1]!,
      m[2]!.trim(),
    ]),
  );
}

const light = tokens(':root');
const dark = { ...light, ...tokens('.dark') };

/** Every colour token of an accent colour in light or dark mode (slate is the base). */
export function palette(color: string, mode: 'light' | 'dark'): Record<string, string> {
  const base = mode === 'light' ? light : dark;
  if (color === 'slate') return base;
  const selector =
    mode === 'light'
      ? `:root[data-theme-color='${color}']`
      : `:root.dark[data-theme-color='${color}']`;
  return { ...base, ...tokens(selector) };
}
