import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadEnv } from '../../apps/server/src/config/env.ts';
import { createDb, type DbHandle } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
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
  // A real database: the signed-in page below is rendered from the API's answers.
  await runMigrations(db);
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

    const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
    for (const url of ['/dashboard', '/journal/abc', '/no/such/page']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      // index.html, plus the page's modulepreload links (next test).
      expect(
        page.body.replace(/<link rel="modulepreload" crossorigin href="[^"]+">\n/g, ''),
        url,
      ).toBe(index.replace(/<link rel="modulepreload" crossorigin href="[^"]+">\n/g, ''));
      expect(page.body, url).toContain('<div id="root"></div>');
    }
  });

  it('sends /login prerendered: the page paints from HTML, inert until the app replaces it', async () => {
    // The server adds the route's chunks to the modules fetched after the paint (next tests).
    const deferred = /( data-preload=")[^"]*"/;
    const stripped = (html: string) => html.replace(deferred, '$1"');
    const file = readFileSync(path.join(dist, 'login.html'), 'utf8');
    const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
    for (const url of ['/login', '/login?redirectTo=%2Fdashboard']) {
      const page = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      const body = gunzipSync(page.rawPayload).toString();
      expect(stripped(body), url).toBe(stripped(file));
    }
    // It paints without its JS, so it fetches none of it before that paint: the preloads of
    // index.html (the entry's and its imports') wait in the paint-first script.
    expect(file).not.toContain('<link rel="modulepreload"');
    const preloads = [
      ...index.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g),
    ].map((m) => m[1]!);
    const entry = /<script data-entry="([^"]+)"/.exec(index)![1]!;
    expect(preloads).toContain(entry);
    expect(file).toContain(
      `<script data-entry="${entry}" data-preload="${preloads.filter((js) => js !== entry).join(' ')}">`,
    );
    // index.html with the page in #root: same scripts and styles, nothing inline but the build's.
    const [before, after] = stripped(
      index
        .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
        .replace(
          `<script data-entry="${entry}">`,
          `<script data-entry="${entry}" data-preload="">`,
        ),
    ).split('<div id="root"></div>');
    const page = stripped(file);
    expect(page.startsWith(before!)).toBe(true);
    expect(page.endsWith(after!)).toBe(true);
    const root = page.slice(before!.length, page.length - after!.length);
    expect(root).toMatch(/^<div id="root" data-prerendered inert>/);
    expect(root).toMatch(/<h1[^>]*>Sign in to Selah<\/h1>/);
    expect(root).toContain('Welcome back. Sign in to continue to your prayer journal.');
    expect(root).toMatch(/<input[^>]*type="email"/);
    expect(root).toContain('href="/signup"');
    // No script and no event handler attribute: the CSP allows no inline script but the build's.
    expect(root).not.toMatch(/<script|\son[a-z]+=/i);
  });

  it('allows every inline script of the served pages by its hash, and only those', async () => {
    const hashes = (
      JSON.parse(readFileSync(path.join(dist, '.vite', 'csp-hashes.json'), 'utf8')) as {
        scriptSrc: string[];
      }
    ).scriptSrc;
    const sha256 = (text: string) =>
      `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
    const seen = new Set<string>();
    for (const url of ['/', '/login', '/dashboard', '/journal/abc']) {
      const res = await app.inject({ method: 'GET', url });
      const scriptSrc = String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([name]) => name === 'script-src')
        ?.slice(1);
      expect(scriptSrc, url).toEqual(["'self'", ...hashes.map((h) => `'${h}'`)]);
      // theme-init in <head> everywhere, early-reads on the SPA's pages, paint-first last.
      const inline = [...res.body.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
      expect(inline.length, url).toBe(url === '/' ? 2 : 3);
      for (const [, text] of inline) {
        expect(scriptSrc, url).toContain(`'${sha256(text!)}'`);
        seen.add(sha256(text!));
        // One character more and the browser refuses it.
        expect(scriptSrc, url).not.toContain(`'${sha256(`${text} `)}'`);
      }
      // No external classic script to wait for, and the app starts from paint-first, after
      // the prerendered HTML has been painted (its entry is only preloaded in <head>).
      expect(res.body, url).not.toMatch(/<script[^>]*\ssrc=/);
      const entry = /<script data-entry="(\/assets\/[^"]+\.js)"/.exec(res.body)?.[1];
      expect(entry && existsSync(path.join(dist, entry)), url).toBe(true);
      if (url === '/' || url === '/login') {
        // The landing page works without its JS, /login is painted without it: nothing of it is
        // fetched before their paint (ADR 032).
        expect(res.body, url).not.toContain('<link rel="modulepreload"');
        const later = /<script data-entry="[^"]+" data-preload="([^"]*)">/.exec(res.body)?.[1];
        expect(later?.split(' ').length, url).toBeGreaterThan(0);
        for (const file of later!.split(' '))
          expect(existsSync(path.join(dist, file)), file).toBe(true);
        continue;
      }
      // The signed-in pages wait for it: the entry is fetched from <head>.
      expect(
        res.body.indexOf(`<link rel="modulepreload" crossorigin href="${entry}">`),
        url,
      ).toBeGreaterThan(0);
      expect(res.body, url).not.toContain('fetchpriority');
      expect(res.body.indexOf(`href="${entry}"`), url).toBeLessThan(res.body.indexOf('</head>'));
    }
    expect([...seen].sort()).toEqual([...hashes].sort());
  });

  it("renders a signed-in user's journal on the server with the build's renderer (ADR 033)", async () => {
    const email = `ssr-${randomBytes(4).toString('hex')}@example.test`;
    const password = randomBytes(12).toString('base64url');
    const post = (url: string, payload: object, token?: string) =>
      app.inject({
        method: 'POST',
        url,
        payload,
        ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      });
    const register = await post('/api/auth/register', {
      firstName: 'Anna',
      lastName: 'Phanuel',
      email,
      password,
    });
    expect(register.statusCode, register.body).toBe(201);
    const login = await post('/api/auth/login', { email, password });
    expect(login.statusCode, login.body).toBe(200);
    const { token } = login.json<{ token: string }>();
    const cookie = login.cookies.find((c) => c.name === 'selah_page_session');
    expect(cookie?.httpOnly).toBe(true);
    const journal = (
      await post('/api/journals', { title: 'Temple & <courts>', isPrivate: true }, token)
    ).json<{ _id: string }>();
    await post(
      '/api/prayers',
      { title: 'For Jerusalem', content: 'Peace.', category: 'Personal', journal: journal._id },
      token,
    );

    const res = await app.inject({
      method: 'GET',
      url: `/journal/${journal._id}`,
      cookies: { selah_page_session: cookie!.value },
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = brotliDecompressSync(res.rawPayload).toString();
    expect(body).toContain('<title>Temple &amp; &lt;courts&gt; · Selah</title>');
    const root =
      /<div id="root" data-prerendered inert>([^]*?)<\/div><script type="application\/json"/.exec(
        body,
      )?.[1];
    expect(root).toContain('For Jerusalem');
    expect(root).toContain(email);
    expect(root).not.toMatch(/<script|\son[a-z]+=/i);
    // Its data, for the app to take over; the token itself never.
    const state = /<script type="application\/json" id="selah-state">([^<]*)<\/script>/.exec(
      body,
    )?.[1];
    expect(JSON.parse(state!)).toMatchObject({
      userId: login.json<{ user: { _id: string } }>().user._id,
    });
    expect(body).not.toContain(token);
    // It paints before its JS: the entry and the route's chunks are fetched after the paint.
    expect(body).not.toContain('<link rel="modulepreload"');
    expect(body).not.toContain('__selahEarlyReads');
    const later = /<script data-entry="[^"]+" data-preload="([^"]*)">/.exec(body)?.[1]?.split(' ');
    expect(later?.some((file) => /\/journal-[\w-]+\.js$/.test(file))).toBe(true);
    // The renderer is the server's, not a file anyone can download.
    for (const file of ['/.ssr/server-render.js', '/.ssr/page.html'])
      expect((await app.inject({ method: 'GET', url: file })).statusCode, file).toBe(404);
  });

  it("announces each page's route chunks with modulepreload, before they are imported", async () => {
    const manifest = JSON.parse(
      readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; imports?: string[] }>;
    const chunkOf = (src: string) => `/${manifest[src]!.file}`;
    const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
    // In <head>, or fetched after the paint on a prerendered page (its paint-first script's list).
    const preloads = (html: string) => [
      ...[...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (m) => m[1]!,
      ),
      ...(/ data-preload="([^"]*)"/.exec(html)?.[1]?.split(' ').filter(Boolean) ?? []),
    ];
    const pages = [
      ['/login', ['src/app/routes/auth/login.tsx']],
      ['/dashboard', ['src/app/routes/app/root.tsx', 'src/app/routes/app/dashboard.tsx']],
      ['/journal/abc', ['src/app/routes/app/root.tsx', 'src/app/routes/app/journal.tsx']],
      ['/journal/abc/', ['src/app/routes/app/root.tsx', 'src/app/routes/app/journal.tsx']],
      [
        '/journal/abc/print',
        ['src/app/routes/app/root.tsx', 'src/app/routes/app/journal-print.tsx'],
      ],
    ] as const;
    for (const [url, modules] of pages) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      const body = brotliDecompressSync(res.rawPayload).toString();
      const added = preloads(body).filter((file) => !preloads(index).includes(file));
      for (const module of modules) expect(added, `${url} ${module}`).toContain(chunkOf(module));
      // Each once, only files of the build, none that index.html loads already, all in <head>
      // (on /login, after its paint).
      expect(new Set(added).size, url).toBe(added.length);
      for (const file of added) expect(existsSync(path.join(dist, file)), file).toBe(true);
      if (url === '/login') expect(body).not.toContain('<link rel="modulepreload"');
      else
        expect(body.indexOf(`href="${added.at(-1)}"`), url).toBeLessThan(body.indexOf('</head>'));
      // The chunks the route's own chunk imports come too, so nothing waits for it to run.
      const own = Object.keys(manifest).find((key) => key === modules.at(-1))!;
      for (const dep of manifest[own]!.imports ?? []) {
        const file = `/${manifest[dep]!.file}`;
        expect(added.includes(file) || index.includes(`"${file}"`), `${url} ${file}`).toBe(true);
      }
    }
    // Pages without lazy modules of their own, and unknown pages, get index.html as it is.
    for (const url of ['/no/such/page', '/journal', '/dashboard/extra']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).toBe(index);
    }
  });

  it('is served precompressed (brotli, else gzip) with immutable caching; index.html no-cache', async () => {
    const html = await app.inject({ method: 'GET', url: '/login' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['cache-control']).toBe('no-cache');
    // The entry, started by the inline paint-first script (apps/web/head/paint-first.js).
    const entry = /<script data-entry="(\/assets\/[^"]+\.js)"/.exec(html.body)?.[1];
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
