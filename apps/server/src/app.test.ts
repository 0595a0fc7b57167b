import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signUp, type TestApp } from '../test/build-test-app.ts';

let t: TestApp;
let dist: string;

/** The fixture build's inline scripts, and their CSP hash sources as the build lists them. */
const INLINE = ['document.documentElement.dataset.a = "1";', 'window.b = 2;'];
const sha256 = (text: string) =>
  `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'selah-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Selah</title><div id="root"></div>',
  );
  writeFileSync(
    path.join(dist, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))})`,
  );
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, '.vite', 'route-preloads.json'),
    JSON.stringify({
      routes: [
        { pattern: '/login', files: ['/assets/login-1.js', '/assets/card-2.js'] },
        { pattern: '/signup', files: ['/assets/signup-5.js'], html: 'signup.html' },
        // Only a plain file name next to index.html is ever sent.
        { pattern: '/terms', files: [], html: '../app.test.ts' },
        { pattern: '/privacy', files: [], html: 'missing.html' },
        {
          pattern: '/journal/:id',
          files: [
            '/assets/root-3.js',
            '/assets/journal-4.js',
            // Not hashed JS under /assets/: never put into the page.
            '/assets/x.js"><script>alert(1)</script>',
            'https://evil.example/a.js',
            '/favicon.svg',
          ],
        },
      ],
    }),
  );
  writeFileSync(
    path.join(dist, '.vite', 'csp-hashes.json'),
    JSON.stringify({
      // Only well-formed sha256 hash sources go into the CSP.
      scriptSrc: [
        ...INLINE.map(sha256),
        "'unsafe-inline'",
        'sha256-short=',
        'https://evil.example',
      ],
    }),
  );
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist, TRUST_PROXY: '10.9.9.9' } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('reports the database status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });
});

describe('the web app', () => {
  it.each(['/', '/dashboard', '/journal/123', '/some/deep/link'])(
    'serves index.html for %s with no-cache',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it("adds modulepreload links for the page's route chunks (the build's table)", async () => {
    const links = (body: string) =>
      [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
    // The fixture's index.html has no </head>: nothing can go in.
    expect(links(await page('/login'))).toEqual([]);

    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><head><title>Selah</title></head><div id="root"></div>',
    );
    expect(links(await page('/login'))).toEqual(['/assets/login-1.js', '/assets/card-2.js']);
    expect(links(await page('/login?redirectTo=%2Fdashboard'))).toHaveLength(2);
    expect(links(await page('/journal/abc'))).toEqual([
      '/assets/root-3.js',
      '/assets/journal-4.js',
    ]);
    expect(links(await page('/journal/abc/'))).toHaveLength(2);
    const journal = await page('/journal/abc');
    expect(journal).not.toContain('<script>');
    expect(journal).not.toContain('evil.example');
    expect(journal.indexOf('journal-4.js')).toBeLessThan(journal.indexOf('</head>'));
    for (const url of ['/journal', '/journal//', '/journal/a/b', '/dashboard', '/'])
      expect(links(await page(url)), url).toEqual([]);

    // A page the build prerendered: its own HTML, which fetches its JS after its first paint.
    // Its route chunks join the paint-first script's list, each once; none goes into <head>.
    writeFileSync(
      path.join(dist, 'signup.html'),
      '<!doctype html><head><title>Selah</title></head><div id="root" data-prerendered inert><h1>Create your account</h1></div>' +
        '<script data-entry="/assets/index-0.js" data-preload="/assets/react-1.js /assets/signup-5.js">start()</script>',
    );
    const signup = await t.app.inject({ method: 'GET', url: '/signup?invite=x' });
    expect(signup.headers['cache-control']).toBe('no-cache');
    expect(signup.body).toContain('<h1>Create your account</h1>');
    expect(links(signup.body)).toEqual([]);
    expect(signup.body).toContain(
      '<script data-entry="/assets/index-0.js" data-preload="/assets/react-1.js /assets/signup-5.js">',
    );
    writeFileSync(
      path.join(dist, 'signup.html'),
      '<!doctype html><head></head><div id="root" data-prerendered inert><h1>Create your account</h1></div>' +
        '<script data-entry="/assets/index-0.js" data-preload="">start()</script>',
    );
    expect(await page('/signup')).toContain(
      '<script data-entry="/assets/index-0.js" data-preload="/assets/signup-5.js">',
    );
    expect(links(await page('/signup'))).toEqual([]);
    // Without a paint-first script to take them, they go into <head> as for any page.
    writeFileSync(
      path.join(dist, 'signup.html'),
      '<!doctype html><head></head><div id="root" data-prerendered inert><h1>Create your account</h1></div>',
    );
    expect(links(await page('/signup'))).toEqual(['/assets/signup-5.js']);
    for (const url of ['/terms', '/privacy'])
      expect(await page(url), url).toContain('<div id="root"></div>');

    // An unreadable table leaves the page as it is.
    writeFileSync(path.join(dist, '.vite', 'route-preloads.json'), '{not json');
    expect(await page('/login')).toBe(
      '<!doctype html><head><title>Selah</title></head><div id="root"></div>',
    );
  });

  it('serves hashed assets with immutable caching and compression', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('answers 404 for a missing file with an extension', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('does not serve the repository or dotfiles', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/.git/config' })).statusCode).toBe(404);
  });
});

describe('API conventions', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', requestId: expect.any(String) });
    }
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers bodies over 1 MB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request body is too large.',
    });
  });

  it('rejects prototype pollution attempts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.co","password":"12345678","__proto__":{"isAdmin":true}}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('rejects wrong types with field details', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 42, password: ['x'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.email' }),
        expect.objectContaining({ path: 'body.password' }),
      ]),
    );
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/health']),
    );
  });

  it('marks authenticated JSON as no-store', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(user.token),
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('security headers', () => {
  it.each([
    ['API JSON', '/api/health'],
    ['an error', '/api/nope'],
    ['the page', '/dashboard'],
    ['an asset', '/assets/index-abc123.js'],
  ])('are on %s', async (_kind, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it("allows the build's inline scripts by hash, and no other inline script", async () => {
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><title>Selah</title>${INLINE.map((s) => `<script>${s}</script>`).join('')}<div id="root"></div>`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === 'script-src')
      ?.slice(1);
    const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toEqual(INLINE);
    for (const text of inline) expect(scriptSrc).toContain(`'${sha256(text)}'`);
    expect(scriptSrc).toEqual(["'self'", ...INLINE.map((text) => `'${sha256(text)}'`)]);
    // A script changed by one character has another hash: the browser refuses it.
    expect(scriptSrc).not.toContain(`'${sha256(`${INLINE[1]} `)}'`);
  });

  it('sends HSTS only when served over https', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/health' })).headers[
        'strict-transport-security'
      ],
    ).toBeUndefined();
    const tls = await buildTestApp({ env: { APP_ORIGIN: 'https://selah.example' } });
    try {
      const res = await tls.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await tls.close();
    }
  });

  it('gives other origins no CORS access', async () => {
    for (const origin of ['https://evil.example', 'null']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('believes X-Forwarded-For only from the configured proxy', async () => {
    // From an untrusted peer a forged header changes nothing: all attempts count against the peer.
    const forgedFrom = async (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.1.2.3',
        headers: { 'x-forwarded-for': `172.16.0.${i}` },
        payload: { email: `nobody${i}@example.test`, password: 'wrong-password' },
      });
    for (let i = 0; i < 25; i++) expect((await forgedFrom(i)).statusCode).toBe(401);
    expect((await forgedFrom(99)).statusCode).toBe(429);

    // From the trusted proxy the client address is taken from the header.
    const viaProxy = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-for': '10.1.2.3' },
      payload: { email: 'nobody@example.test', password: 'wrong-password' },
    });
    expect(viaProxy.statusCode).toBe(429);
  });
});
