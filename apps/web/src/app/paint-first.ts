/**
 * The page paints before the app's JavaScript downloads (docs/decisions/045, the part of ADR 029
 * the framework does not do). React Router's `<Scripts>` preloads the page's modules from
 * <head> and imports them from an inline module script, so the browser fetches and often runs
 * them before its first paint of the HTML, which already holds the whole page; Lighthouse then
 * counts all of it before the largest paint. This holds them back: the preloads become a list on
 * the module script, which becomes inert (`type="text/plain"`), and head/paint-first.js (inline,
 * after it) starts both once the page has painted. React hydrates the same elements (their
 * attributes are not compared), and the page stays inert until it has.
 */

/** React Router's preload links of a document (React puts them into <head>). */
const PRELOAD = /<link rel="modulepreload" href="(\/[^"]+)"[^>]*\/?>/g;
/** React Router's inline module script, which imports the page's modules and the entry. */
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">/;

/** `html` (a whole document) with its JS held back until its first paint; as it is without. */
export function holdScripts(html: string): string {
  if (!MODULE_SCRIPT.test(html)) return html;
  const preloads: string[] = [];
  const page = html.replace(PRELOAD, (_link, href: string) => {
    preloads.push(href);
    return '';
  });
  return page.replace(
    MODULE_SCRIPT,
    (_tag, nonce: string) =>
      `<script${nonce} type="text/plain" id="app-start" data-preload="${preloads.join(' ')}">`,
  );
}
