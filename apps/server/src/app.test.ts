import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signUp, type TestApp } from '../test/build-test-app.ts';
import { PAGE_COOKIE } from './modules/auth/page-cookie.ts';

let t: TestApp;
/** A stand-in for the web app's build (test/web-build: its server entry and prerendered "/"). */
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/web-build');

const SECRET = randomBytes(32).toString('hex');

beforeAll(async () => {
  t = await buildTestApp({
    env: { WEB_DIST_DIR: dist, TRUST_PROXY: '10.9.9.9' },
    jwtSecret: SECRET,
  });
});
afterAll(async () => {
  await t?.close();
});

/** The nonce-sources of a response's CSP `script-src`, and the rest of it. */
function scriptSrc(csp: unknown): string[] {
  return (
    String(csp)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === 'script-src')
      ?.slice(1) ?? []
  );
}

/** The nonce each `<script>` tag of a page carries (null: none). */
const scriptNonces = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => /\snonce="([^"]+)"/.exec(m[1]!)?.[1] ?? null);

describe('GET /api/health', () => {
  it('reports the database status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });
});

describe('the web app (plugins/pages.ts)', () => {
  it('sends the prerendered "/" with no-cache and a fresh nonce on every script', async () => {
    const file = readFileSync(path.join(dist, 'client/index.html'), 'utf8');
    const first = await t.app.inject({ method: 'GET', url: '/' });
    const second = await t.app.inject({ method: 'GET', url: '/' });
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const [nonce] = scriptNonces(res.body);
      expect(scriptNonces(res.body)).toEqual([nonce, nonce]);
      expect(scriptSrc(res.headers['content-security-policy'])).toEqual([
        "'self'",
        `'nonce-${nonce}'`,
      ]);
      // The build's page, byte for byte, but for the nonces.
      expect(res.body.replace(/ nonce="[^"]+"/g, '')).toBe(file);
    }
    expect(scriptNonces(first.body)[0]).not.toBe(scriptNonces(second.body)[0]);
  });

  it('renders other pages through the build, the nonce handed to its render', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.body).toContain('world');
    const nonces = scriptNonces(res.body);
    expect(nonces).toHaveLength(2);
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(new Set(nonces).size).toBe(1);
    expect(scriptSrc(res.headers['content-security-policy'])).toEqual([
      "'self'",
      `'nonce-${nonces[0]}'`,
    ]);
  });

  it("gives loaders the page cookie's user and the services; its page is private", async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/whoami',
      cookies: { [PAGE_COOKIE]: user.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain(user.email);
    expect(res.body).toContain(user.userId);
    expect(res.body).toContain('&#34;hasServices&#34;:true');
  });

  it('gives loaders no user without a live session, and forgets an ended one', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/whoami' });
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe('/login?redirectTo=%2Fwhoami');
    expect(anonymous.headers['cache-control']).toBe('no-cache');

    const user = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(user.token) });
    const ended = await t.app.inject({
      method: 'GET',
      url: '/whoami',
      cookies: { [PAGE_COOKIE]: user.token },
    });
    expect(ended.statusCode).toBe(302);
    const cleared = ended.cookies.find((cookie) => cookie.name === PAGE_COOKIE);
    expect(cleared?.value).toBe('');
    // What the browser stored of the ended session goes too, before any script of ours runs.
    expect(ended.headers['clear-site-data']).toBe('"storage"');
    expect(anonymous.headers['clear-site-data']).toBeUndefined();
    // Signed with the real key, but naming no uuid (issue 28 §3): signed out, not a 500.
    const signed = (claims: Record<string, unknown>) =>
      new SignJWT({ sid: randomUUID(), typ: 'access', ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer('http://localhost:3000')
        .setAudience('selah-api')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(SECRET));
    const notUuids = [
      await signed({ sub: 'not-a-uuid' }),
      await signed({ sub: user.userId, sid: 'session-1' }),
    ];
    for (const value of ['not-a-token', 'x'.repeat(3000), ...notUuids]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/whoami',
        cookies: { [PAGE_COOKIE]: value },
      });
      expect(res.statusCode, value.slice(0, 10)).toBe(302);
    }
  });

  it('serves hashed assets with immutable caching and compression, other files no-cache', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/entry-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a file the build does not have with a 404, not a page', async () => {
    for (const url of ['/assets/missing.js', '/favicon.ico', '/robots.txt?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
    // React Router's data requests of a page are pages.
    const data = await t.app.inject({ method: 'GET', url: '/public.data' });
    expect(data.statusCode).toBe(200);
  });

  it('answers a page with another method than GET or HEAD 405 with Allow, its body unread', async () => {
    const asked = [
      ['POST', '/public', 'text/plain'],
      ['POST', '/whoami', 'application/json'],
      ['PUT', '/', 'application/octet-stream'],
      ['PATCH', '/public', 'application/x-www-form-urlencoded'],
      ['DELETE', '/public', 'multipart/form-data; boundary=x'],
      ['OPTIONS', '/public', 'text/plain'],
      ['QUERY', '/no-such-page', 'application/json'],
    ] as const;
    for (const [method, url, type] of asked) {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'content-type': type },
        payload: '{"a":1}',
      });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.json()).toMatchObject({
        code: 'METHOD_NOT_ALLOWED',
        message: 'Pages answer GET and HEAD only.',
      });
    }
    // The API's and a missing file's 404 come first, whatever the method.
    for (const url of ['/api/no-such-thing', '/assets/missing.js']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'text/plain' },
        payload: 'a=1',
      });
      expect(res.statusCode, url).toBe(404);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/public' });
    expect(head.statusCode).toBe(200);
  });

  it('answers 400 to a page request whose Host and target make no URL', async () => {
    // A path, query or fragment in the Host header would move into the page's URL (a review
    // found `Host: evil.com/prayers#` rendering the prayers page for /signup).
    const paths = ['evil.com/prayers#', 'localhost/journal/x/print?', 'x?y', 'x#y', 'x\\y'];
    for (const host of ['a b', 'a@b', 'x:99999', '[::1', ...paths]) {
      const res = await t.app.inject({ method: 'GET', url: '/public', headers: { host } });
      expect(res.statusCode, host).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
    for (const host of ['localhost:3000', 'selah.example', '127.0.0.1', '[::1]:80', 'my_app']) {
      const res = await t.app.inject({ method: 'GET', url: '/public', headers: { host } });
      expect(res.statusCode, host).toBe(200);
    }
  });

  it("does not serve the build's server, the repository or dotfiles", async () => {
    for (const url of ['/server/index.js', '/index.html', '/.git/config', '/assets/missing.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('pageContext');
      expect(res.body, url).not.toContain('A quiet place to pray');
    }
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
    ['a page', '/public'],
    ['an asset', '/assets/entry-abc123.js'],
  ])('are on %s', async (_kind, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='(;|$)/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('allows inline scripts by a nonce of 128 random bits, a new one for every response', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({ method: 'GET', url: i % 2 ? '/api/health' : '/public' });
      const sources = scriptSrc(res.headers['content-security-policy']);
      // No hash list and no 'unsafe-inline': 'self' and this response's nonce.
      expect(sources).toHaveLength(2);
      expect(sources[0]).toBe("'self'");
      const nonce = /^'nonce-([A-Za-z0-9+/]{22}==)'$/.exec(sources[1]!)?.[1];
      expect(nonce && Buffer.from(nonce, 'base64')).toHaveLength(16);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(20);
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
