import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Written by the web app's build (apps/web/vite.config.ts, `cspHashes`): the SHA-256 of every
 * inline script of its pages (theme-init.js, early-reads.js and paint-first.js, inlined so they
 * cost no render-blocking request).
 */
const CSP_HASHES = path.join('.vite', 'csp-hashes.json');
/** A CSP hash source without its quotes; nothing else from the file goes into the header. */
const SHA256 = /^sha256-[A-Za-z0-9+/]{43}=$/;

/**
 * The hashes the CSP's script-src allows (`'sha256-...'`, never 'unsafe-inline'), read once at
 * start-up from the build in `distDir`. No build, no file or a bad file: none, and the pages'
 * inline scripts are refused (logged when there is a build). A rebuild that changes an inline
 * script needs a restart (as a new build does anyway).
 */
export function inlineScriptHashes(distDir: string, log?: FastifyBaseLogger): string[] {
  let hashes: unknown;
  try {
    hashes = (
      JSON.parse(readFileSync(path.join(distDir, CSP_HASHES), 'utf8')) as { scriptSrc?: unknown }
    ).scriptSrc;
  } catch {
    hashes = undefined;
  }
  if (!Array.isArray(hashes)) {
    if (existsSync(path.join(distDir, 'index.html')))
      log?.warn(`no ${CSP_HASHES} in ${distDir}: the pages' inline scripts will be refused`);
    return [];
  }
  return hashes.filter((h): h is string => typeof h === 'string' && SHA256.test(h));
}
