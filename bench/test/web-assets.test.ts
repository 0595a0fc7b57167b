import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadEnv } from '../../apps/server/src/config/env.ts';
import { createDb, type DbHandle } from '../../apps/server/src/db/client.ts';
import { analyzeBundle, BUDGETS_KB, buildWeb, formatReport } from '../bundle-size.ts';

/**
 * The front end's CI checks (issue 7, P10 and P13): the production build stays within its size
 * budgets, and its hashed assets are served precompressed with immutable caching.
 */
let dist: string;
let app: FastifyInstance;
let db: DbHandle;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'selah-web-dist-'));
  buildWeb(dist);
  db = await createDb({});
  app = await buildApp({
    env: loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dist,
      APP_ORIGIN: 'http://localhost:3000',
      WEB_DIST_DIR: dist,
    }),
    db,
    jwtSecret: randomBytes(32).toString('hex'),
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('the web build', () => {
  it('stays within the JS size budgets (gzip)', () => {
    const report = analyzeBundle(dist);
    console.log(formatReport(report));
    for (const route of report.routes)
      expect(route.kb, route.src).toBeLessThanOrEqual(BUDGETS_KB.route);
    expect(report.landing.kb).toBeLessThanOrEqual(BUDGETS_KB.landing);
    expect(report.shell.kb).toBeLessThanOrEqual(BUDGETS_KB.shell);
    expect(report.breaches).toEqual([]);
  });

  it('writes .br and .gz next to every hashed JS and CSS file of 1 KB or more', () => {
    const assets = readdirSync(path.join(dist, 'assets'));
    const compressible = assets.filter(
      (f) => /\.(js|css)$/.test(f) && readFileSync(path.join(dist, 'assets', f)).length >= 1024,
    );
    expect(compressible.length).toBeGreaterThan(5);
    for (const file of compressible) {
      const original = readFileSync(path.join(dist, 'assets', file));
      const br = path.join(dist, 'assets', `${file}.br`);
      const gz = path.join(dist, 'assets', `${file}.gz`);
      expect(existsSync(br) && existsSync(gz), file).toBe(true);
      expect(brotliDecompressSync(readFileSync(br)).equals(original), file).toBe(true);
      expect(gunzipSync(readFileSync(gz)).equals(original), file).toBe(true);
    }
  });

  it('sends "/" the prerendered landing page and every other page the SPA, both no-cache', async () => {
    const landing = await app.inject({ method: 'GET', url: '/' });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(landing.body).toBe(readFileSync(path.join(dist, 'landing.html'), 'utf8'));
    // The page is in the HTML, so it paints before any JS runs.
    expect(landing.body).toMatch(/<h1[^>]*>A quiet place to pray<\/h1>/);
    expect(landing.body).toContain('href="/signup"');
    expect(landing.body).not.toContain('<!--prerendered-->');
    const landingBr = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(landingBr.headers['content-encoding']).toBe('br');
    expect(landingBr.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(landingBr.rawPayload).toString()).toBe(landing.body);
    expect(landingBr.rawPayload.length).toBeLessThan(landing.rawPayload.length / 3);

    for (const url of ['/login', '/dashboard', '/journal/abc']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toBe(readFileSync(path.join(dist, 'index.html'), 'utf8'));
      expect(page.body, url).toContain('<div id="root"></div>');
    }
  });

  it('is served precompressed (brotli, else gzip) with immutable caching; index.html no-cache', async () => {
    const html = await app.inject({ method: 'GET', url: '/login' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['cache-control']).toBe('no-cache');
    const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(
      html.body,
    )?.[1];
    expect(entry).toBeDefined();
    const original = readFileSync(path.join(dist, entry!));

    const br = await app.inject({
      method: 'GET',
      url: entry!,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers['content-type'])).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const gz = await app.inject({
      method: 'GET',
      url: entry!,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(original)).toBe(true);

    const plain = await app.inject({ method: 'GET', url: entry! });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
  });
});
