import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadEnv } from '../../apps/server/src/config/env.ts';
import { createDb, type DbHandle } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { lintApiDocument } from '../../apps/server/test/api-document.ts';
import {
  analyzeBundle,
  BUDGETS_KB,
  formatReport,
  pageScripts,
  readRouteManifest,
} from '../bundle-size.ts';

/**
 * The front end's CI checks (issue 7, P10 and P13; docs/decisions/045): the production build
 * stays within its size budgets; the server sends its pages, prerendered or rendered with the
 * signed-in user's data, with a fresh CSP nonce on every inline script; hashed assets go out
 * precompressed with immutable caching.
 */
/** The build, made once for the project's tests (web-build.setup.ts). */
const dist = inject('webDist');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'selah-web-assets-'));
let app: FastifyInstance;
let db: DbHandle;

beforeAll(async () => {
  db = await createDb({});
  // A real database: the signed-in pages' loaders read it through the services.
  await runMigrations(db);
  app = await buildApp({
    env: loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
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
  rmSync(dataDir, { recursive: true, force: true });
});

/** The sources of a response's CSP `script-src`. */
const scriptSrc = (csp: unknown) =>
  String(csp)
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')
    ?.slice(1);

/** Every `<script>` tag of a page and the nonce it carries (undefined: none). */
const scripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => /\snonce="([^"]+)"/.exec(m[1]!)?.[1]);

/** Signs a new user up and in through the API: their token, page cookie and id. */
async function signIn() {
  const email = `web-${randomBytes(4).toString('hex')}@example.test`;
  const password = randomBytes(12).toString('base64url');
  const register = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { firstName: 'Anna', lastName: 'Phanuel', email, password },
  });
  expect(register.statusCode, register.body).toBe(201);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  expect(login.statusCode, login.body).toBe(200);
  const cookie = login.cookies.find((c) => c.name === 'selah_page_session');
  expect(cookie?.httpOnly).toBe(true);
  const { token, user } = login.json<{ token: string; user: { _id: string } }>();
  return { email, token, id: user._id, cookie: cookie!.value };
}

describe('the web build', () => {
  it('stays within the JS size budgets (gzip)', () => {
    const report = analyzeBundle(dist);
    console.log(formatReport(report));
    for (const route of report.routes)
      expect(route.kb, route.id).toBeLessThanOrEqual(BUDGETS_KB.route);
    expect(report.landing.kb).toBeLessThanOrEqual(BUDGETS_KB.landing);
    expect(report.shell.kb).toBeLessThanOrEqual(BUDGETS_KB.shell);
    expect(report.breaches).toEqual([]);
  });

  it("keeps zod's one call made for its effect while unused schemas are dropped", () => {
    // vite.config.ts marks `z.*` calls pure; `config({ jitless: true })` must survive it, or
    // every page's first parse would try `new Function` against the CSP.
    const assets = path.join(dist, 'client', 'assets');
    const built = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(assets, f), 'utf8'));
    expect(built.some((js) => /jitless:!0/.test(js))).toBe(true);
  });

  it('writes .br and .gz next to every hashed JS and CSS file of 1 KB or more', () => {
    const assets = path.join(dist, 'client', 'assets');
    // Not the route manifest, which the framework writes after the bundle: with lazy route
    // discovery (its default) no page loads it, each carries its own routes.
    const compressible = readdirSync(assets).filter(
      (f) =>
        /\.(js|css)$/.test(f) &&
        !f.startsWith('manifest-') &&
        readFileSync(path.join(assets, f)).length >= 1024,
    );
    expect(compressible.length).toBeGreaterThan(5);
    for (const file of compressible) {
      const original = readFileSync(path.join(assets, file));
      expect(brotliDecompressSync(readFileSync(path.join(assets, `${file}.br`))), file).toEqual(
        original,
      );
      expect(gunzipSync(readFileSync(path.join(assets, `${file}.gz`))), file).toEqual(original);
    }
  });

  it('sends "/" and "/login" as the build prerendered them, each script with a fresh nonce', async () => {
    for (const [url, file] of [
      ['/', 'index.html'],
      ['/login', 'login/index.html'],
    ] as const) {
      const prerendered = readFileSync(path.join(dist, 'client', file), 'utf8');
      const first = await app.inject({ method: 'GET', url });
      const second = await app.inject({
        method: 'GET',
        url: `${url}?redirectTo=%2Fdashboard`,
        headers: { 'accept-encoding': 'br' },
      });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe('no-cache');
      expect(second.headers['content-encoding'], url).toBe('br');
      const bodies = [first.body, brotliDecompressSync(second.rawPayload).toString()];
      const nonces = bodies.map((body, i) => {
        const tags = scripts(body);
        expect(tags.length, url).toBeGreaterThan(0);
        const [nonce] = tags;
        // Every script carries this response's nonce; the header allows that one, and 'self'.
        expect(tags, url).toEqual(tags.map(() => nonce));
        const res = i === 0 ? first : second;
        expect(scriptSrc(res.headers['content-security-policy']), url).toEqual([
          "'self'",
          `'nonce-${nonce}'`,
        ]);
        expect(body.replace(/ nonce="[^"]+"/g, ''), url).toBe(prerendered);
        return nonce;
      });
      expect(nonces[0], url).not.toBe(nonces[1]);
    }
    // The page is in the HTML, so it paints before any JS runs.
    const landing = (await app.inject({ method: 'GET', url: '/' })).body;
    expect(landing).toMatch(/<h1[^>]*>A quiet place to pray<\/h1>/);
    expect(landing).toContain('href="/signup"');
    const login = (await app.inject({ method: 'GET', url: '/login' })).body;
    expect(login).toMatch(/<h1[^>]*>Sign in to Selah<\/h1>/);
    expect(login).toMatch(/<input[^>]*type="email"/);
    // Inert until the app has hydrated it: nothing typed into it is lost.
    expect(login).toMatch(/<div class="contents" inert="">/);
  });

  it('gives the landing page none of the JS of the app, and /login the JS of its route after its paint', () => {
    const manifest = readRouteManifest(dist);
    const landing = pageScripts(readFileSync(path.join(dist, 'client', 'index.html'), 'utf8'));
    expect(landing).toEqual([]);
    const loginPage = readFileSync(path.join(dist, 'client', 'login/index.html'), 'utf8');
    // Fetched after its first paint (head/paint-first.js), none from <head>.
    expect(loginPage).not.toContain('<link rel="modulepreload"');
    expect(loginPage).toContain('<script type="text/plain" id="app-start" data-preload="');
    const login = pageScripts(loginPage);
    for (const id of ['root', 'routes/auth/login'])
      expect(login, id).toContain(manifest.routes[id]!.module);
    expect(login).toContain(manifest.entry.module);
    for (const file of login) expect(existsSync(path.join(dist, 'client', file)), file).toBe(true);
  });

  it("renders a signed-in user's journal on the server from its loader, hydrated as it is", async () => {
    const user = await signIn();
    const post = (url: string, payload: object) =>
      app.inject({
        method: 'POST',
        url,
        payload,
        headers: { authorization: `Bearer ${user.token}` },
      });
    const journal = (
      await post('/api/journals', { title: 'Temple & <courts>', isPrivate: true })
    ).json<{ _id: string }>();
    await post('/api/prayers', {
      title: 'For Jerusalem',
      content: 'Peace.',
      category: 'Personal',
      journal: journal._id,
    });

    const res = await app.inject({
      method: 'GET',
      url: `/journal/${journal._id}`,
      cookies: { selah_page_session: user.cookie },
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = brotliDecompressSync(res.rawPayload).toString();
    expect(body).toContain('<title>Temple &amp; &lt;courts&gt; · Selah</title>');
    // The page with its data, then the same data for the browser's hydration (the loader's).
    expect(body).toMatch(/<h1[^>]*>Temple &amp; &lt;courts&gt;<\/h1>/);
    expect(body).toContain('For Jerusalem');
    expect(body).toContain(user.email);
    expect(body).toContain('window.__reactRouterContext');
    expect(body).toContain(journal._id);
    // The token never goes into a page; every script carries the response's nonce.
    expect(body).not.toContain(user.token);
    const tags = scripts(body);
    expect(new Set(tags)).toEqual(new Set([tags[0]]));
    expect(scriptSrc(res.headers['content-security-policy'])).toEqual([
      "'self'",
      `'nonce-${tags[0]}'`,
    ]);
    // It paints before its JS: the page's modules are fetched, all at once, after that paint.
    const manifest = readRouteManifest(dist);
    expect(body).not.toContain('<link rel="modulepreload"');
    const later = / data-preload="([^"]*)"/.exec(body)?.[1]?.split(' ') ?? [];
    for (const id of ['root', 'protected', 'routes/app/journal'])
      expect(later, id).toContain(manifest.routes[id]!.module);
    expect(later).toContain(manifest.entry.module);

    // Its dashboard, from the statistics its loader read.
    const dashboard = await app.inject({
      method: 'GET',
      url: '/dashboard',
      cookies: { selah_page_session: user.cookie },
    });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toMatch(/<h1[^>]*>Dashboard<\/h1>/);
    expect(dashboard.body).toContain('Total Prayers');
  });

  it('sends every public page with its content in the HTML, before any JS runs', async () => {
    const pages: [url: string, heading: string, status: number][] = [
      ['/trade', 'Trading Signals', 200],
      ['/signup', 'Create your account', 200],
      ['/forgot-password', 'Forgot your password?', 200],
      ['/terms', 'Terms of Service', 200],
      ['/privacy', 'Privacy Policy', 200],
      ['/verify-email?token=from-the-mail', 'Your e-mail address', 200],
      ['/reset-password?token=from-the-mail', 'Choose a new password', 200],
      ['/no-such-page', 'Page Not Found', 404],
    ];
    for (const [url, heading, status] of pages) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      const body = res.body.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
      expect(body, url).toMatch(new RegExp(`<h1[^>]*>${heading.replace('?', '\\?')}</h1>`));
      // Not the skeleton of a page the browser renders by itself.
      expect(body, url).not.toContain('Loading...');
    }
    // A link's page says what it is doing before its script runs.
    const link = (await app.inject({ method: 'GET', url: '/verify-email?token=from-the-mail' }))
      .body;
    expect(link).toContain('Confirming your e-mail address...');
    // The trade page's figures are there too, not only its heading.
    const trade = (await app.inject({ method: 'GET', url: '/trade' })).body;
    expect(trade).toMatch(/role="timer"[^>]*><span>23<\/span>/);
    expect(trade).toContain('$97/month after that');
  });

  it('serves an API document of the API alone, which passes the lint, beside the pages', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
    expect(await lintApiDocument(res.body)).toEqual([]);
  });

  it('sends a visitor of a signed-in page to /login, remembering the page', async () => {
    const visitors: Record<string, string>[] = [{}, { selah_page_session: 'not-a-session' }];
    for (const cookies of visitors) {
      const res = await app.inject({ method: 'GET', url: '/journal/abc?tab=all', cookies });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?redirectTo=%2Fjournal%2Fabc%3Ftab%3Dall');
    }
  });

  it('is served precompressed (brotli, else gzip) with immutable caching', async () => {
    const { entry } = readRouteManifest(dist);
    const original = readFileSync(path.join(dist, 'client', entry.module));

    const br = await app.inject({
      method: 'GET',
      url: entry.module,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers['content-type'])).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const gz = await app.inject({
      method: 'GET',
      url: entry.module,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(original)).toBe(true);

    const plain = await app.inject({ method: 'GET', url: entry.module });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it("never serves the build's server part", async () => {
    for (const url of [
      '/server/index.js',
      '/../server/index.js',
      '/assets/../../server/index.js',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('pageContext');
    }
  });
});
