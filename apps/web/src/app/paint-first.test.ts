import { describe, expect, it } from 'vitest';
import { holdScripts } from './paint-first';

const PAGE =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry-1.js" nonce="n1"/>' +
  '<link rel="stylesheet" href="/assets/app-2.css"/><link rel="modulepreload" href="/assets/root-3.js"/>' +
  '</head><body><main>page</main><script nonce="n1">window.__reactRouterContext = {};</script>' +
  '<script nonce="n1" type="module" async="">import * as route0 from "/assets/root-3.js";\nimport("/assets/entry-1.js");</script>' +
  '<script nonce="n1">start()</script></body></html>';

describe('holdScripts (the page paints before its JS downloads)', () => {
  it("moves the preloads onto React Router's module script, which no longer runs", () => {
    const held = holdScripts(PAGE);
    expect(held).not.toContain('modulepreload');
    expect(held).toContain('<link rel="stylesheet" href="/assets/app-2.css"/>');
    expect(held).toContain(
      '<script nonce="n1" type="text/plain" id="app-start" data-preload="/assets/entry-1.js /assets/root-3.js">import * as route0',
    );
    // Everything else as it was: the context and the starter still run at once.
    expect(held).toContain('<script nonce="n1">window.__reactRouterContext = {};</script>');
    expect(held).toContain('<script nonce="n1">start()</script>');
  });

  it('leaves a page without the module script (the landing page) as it is', () => {
    const page = '<!DOCTYPE html><html><head></head><body><script>x()</script></body></html>';
    expect(holdScripts(page)).toBe(page);
  });
});
