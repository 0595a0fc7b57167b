import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { bearer, buildTestApp, randomIp, signUp, type TestApp } from '../../test/build-test-app.ts';
import { PAGE_COOKIE, SECURE_PAGE_COOKIE } from '../modules/auth/page-cookie.ts';

let t: TestApp;
let dist: string;

const INDEX = '<!doctype html><head><title>Selah</title></head><div id="root"></div>';
/** The build's page.html (apps/web/vite.config.ts, `serverRenderBuild`), cut down. */
const TEMPLATE =
  '<!doctype html><head><title>Selah</title></head><div id="root" data-prerendered inert><!--app-html--></div><!--app-state-->' +
  '<script data-entry="/assets/index-0.js" data-preload="/assets/react-1.js">start()</script>';

/**
 * A stand-in for the web app's built renderer (apps/web/src/app/server-render.tsx, tested on its
 * own in the web app): the same contract, the markup made from what the server handed it.
 */
const RENDERER = `
const reads = { '/dashboard': ['/stats'], '/boom': ['/stats'], '/nothing': ['/stats'] };
export function pageReads(pathname) {
  const journal = /^\\/journal\\/([^/]+)$/.exec(pathname);
  return journal ? ['/journals/' + journal[1]] : (reads[pathname] ?? null);
}
export async function renderPage({ url, user, data }) {
  if (url === '/boom') throw new Error('render failed');
  if (url === '/nothing') return null;
  const text = (value) => JSON.stringify(value).replace(/</g, '&lt;');
  return {
    html: '<main data-user="' + user._id + '">' + text(data) + '</main>',
    title: 'Rendered · Selah',
    state: '<script type="application/json" id="selah-state">' + text({ userId: user._id }) + '</script>',
  };
}
`;

const page = (url: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { 'accept-encoding': 'identity' },
    ...(token ? { cookies: { [PAGE_COOKIE]: token } } : {}),
  });

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'selah-dist-ssr-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, '.vite', 'route-preloads.json'),
    JSON.stringify({ routes: [{ pattern: '/dashboard', files: ['/assets/dashboard-2.js'] }] }),
  );
  mkdirSync(path.join(dist, '.ssr'));
  writeFileSync(path.join(dist, '.ssr', 'server-render.js'), RENDERER);
  writeFileSync(path.join(dist, '.ssr', 'page.html'), TEMPLATE);
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the page cookie', () => {
  it('comes with a sign-in: HttpOnly, SameSite=Lax, the whole site, expiring with the token', async () => {
    const user = await signUp(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomIp(),
      payload: { email: user.email, password: user.password, rememberMe: true },
    });
    const { token } = login.json<{ token: string }>();
    const cookie = login.cookies.find((c) => c.name === PAGE_COOKIE);
    expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy(); // http:// in tests; Secure when APP_ORIGIN is https
    expect(cookie?.expires?.getTime()).toBe(decodeJwt(token).exp! * 1000);
    // 30 days with "remember me".
    expect(cookie!.expires!.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it("comes with the app's start (/api/auth/me) to a session that lacks it, once", async () => {
    const { token } = await signUp(t.app);
    const me = (cookies?: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(token),
        ...(cookies ? { cookies } : {}),
      });
    const without = await me();
    expect(without.statusCode).toBe(200);
    expect(without.cookies.find((c) => c.name === PAGE_COOKIE)).toMatchObject({
      value: token,
      httpOnly: true,
      sameSite: 'Lax',
    });
    // Another session's cookie is replaced; this session's is left alone.
    const other = await signUp(t.app);
    expect((await me({ [PAGE_COOKIE]: other.token })).cookies[0]?.value).toBe(token);
    expect((await me({ [PAGE_COOKIE]: token })).cookies).toEqual([]);
    // No session, no cookie.
    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer('x.y.z'),
    });
    expect(denied.statusCode).toBe(401);
    expect(denied.cookies).toEqual([]);
  });

  it('over https is __Host- prefixed and Secure, and only that name is read', async () => {
    const tls = await buildTestApp({
      env: { APP_ORIGIN: 'https://selah.example', WEB_DIST_DIR: dist },
    });
    try {
      const { token, userId } = await signUp(tls.app);
      const me = await tls.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(token),
      });
      const cookie = me.cookies.find((c) => c.name === SECURE_PAGE_COOKIE);
      expect(cookie).toMatchObject({ value: token, secure: true, httpOnly: true, path: '/' });
      expect(cookie?.domain).toBeUndefined();
      const dashboard = (name: string) =>
        tls.app.inject({
          method: 'GET',
          url: '/dashboard',
          headers: { 'accept-encoding': 'identity' },
          cookies: { [name]: token },
        });
      expect((await dashboard(SECURE_PAGE_COOKIE)).body).toContain(`<main data-user="${userId}">`);
      expect((await dashboard(PAGE_COOKIE)).body).not.toContain('data-user');
    } finally {
      await tls.close();
    }
  });

  it('is not a credential for the API (bearer only: no cross-site requests with it)', async () => {
    const { token } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/stats',
      cookies: { [PAGE_COOKIE]: token },
    });
    expect(res.statusCode).toBe(401);
  });

  it('is cleared by logging out, and the page is no longer rendered with it', async () => {
    const { token } = await signUp(t.app);
    expect((await page('/dashboard', token)).body).toContain('<main data-user=');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(204);
    const cleared = logout.cookies.find((c) => c.name === PAGE_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    // A browser that kept it anyway: the session has ended, so the plain page, and the cookie
    // is cleared again.
    const after = await page('/dashboard', token);
    expect(after.body).toBe(
      INDEX.replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="/assets/dashboard-2.js">\n</head>',
      ),
    );
    expect(after.cookies.find((c) => c.name === PAGE_COOKIE)?.value).toBe('');
  });

  it('is cleared by logging out everywhere', async () => {
    const { token } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === PAGE_COOKIE)?.value).toBe('');
  });
});

describe('server-rendered pages', () => {
  it("renders a page with the user's own data, read through the API as that user", async () => {
    const { token, userId } = await signUp(t.app);
    const stats = await t.app.inject({ method: 'GET', url: '/api/stats', headers: bearer(token) });
    const res = await page('/dashboard', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/\bcookie\b/);
    expect(res.body).toContain(`<main data-user="${userId}">`);
    expect(res.body).toContain(JSON.stringify({ '/stats': stats.json() }));
    expect(res.body).toContain('<title>Rendered · Selah</title>');
    expect(res.body).not.toContain('<title>Selah</title>');
    expect(res.body).toContain(
      `<script type="application/json" id="selah-state">{"userId":"${userId}"}</script>`,
    );
    // The route's chunks are fetched after the first paint, with the rest of the app's JS.
    expect(res.body).toContain('data-preload="/assets/react-1.js /assets/dashboard-2.js"');
    // Never the token itself: the cookie is HttpOnly so that page script cannot read it.
    expect(res.body).not.toContain(token);
  });

  it('renders nothing for anyone else: a journal the user cannot see gives the plain page', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const journal = await t.app.inject({
      method: 'POST',
      url: '/api/journals',
      headers: bearer(owner.token),
      payload: { title: 'Only mine', description: 'secret words', isPrivate: true },
    });
    const id = journal.json<{ _id: string }>()._id;
    const mine = await page(`/journal/${id}`, owner.token);
    expect(mine.body).toContain('secret words');
    const theirs = await page(`/journal/${id}`, other.token);
    expect(theirs.headers['cache-control']).toBe('no-cache');
    expect(theirs.body).toBe(INDEX);
  });

  it.each([
    ['no cookie', '/dashboard', undefined],
    ['a forged token', '/dashboard', 'not.a.token'],
    ['an overlong cookie', '/dashboard', 'x'.repeat(5000)],
    ['a page the renderer does not render', '/journals', 'USER'],
    ['a renderer that fails', '/boom', 'USER'],
    ['a renderer that declines', '/nothing', 'USER'],
  ])('gives the plain page for %s', async (_case, url, cookie) => {
    const token = cookie === 'USER' ? (await signUp(t.app)).token : cookie;
    const res = await page(url, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).not.toContain('data-user');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('gives the plain page when the build has no renderer', async () => {
    const plain = mkdtempSync(path.join(os.tmpdir(), 'selah-dist-plain-'));
    writeFileSync(path.join(plain, 'index.html'), INDEX);
    const other = await buildTestApp({ env: { WEB_DIST_DIR: plain } });
    try {
      const { token } = await signUp(other.app);
      const res = await other.app.inject({
        method: 'GET',
        url: '/dashboard',
        cookies: { [PAGE_COOKIE]: token },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    } finally {
      await other.close();
      rmSync(plain, { recursive: true, force: true });
    }
  });
});
