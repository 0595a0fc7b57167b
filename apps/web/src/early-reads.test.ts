import { http, HttpResponse } from 'msw';
import { runInThisContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError } from '@/lib/api-client';
import { EARLY_READ_MAX_AGE_MS } from '@/lib/early-reads';
import { useAuthStore } from '@/stores/auth-store';
import { buildUser } from '@/testing/factories';
import { API } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import script from '../head/early-reads.js?raw';

/** Runs head/early-reads.js the way the browser does: from <head>, before the app, at `path`. */
function runEarlyReads(path: string) {
  window.history.replaceState(null, '', path);
  runInThisContext(script);
}

/** The stored session, as the auth store persists it, without the app running. */
function storeSession(token: string) {
  localStorage.setItem(
    'auth-storage',
    JSON.stringify({ state: { token, user: null }, version: 1 }),
  );
}

/** Answers GET `route` with `body`, recording each request's URL and headers. */
function serve(route: string, body: Record<string, unknown> = { ok: true }, status = 200) {
  const seen: { url: string; authorization: string | null; accept: string | null }[] = [];
  server.use(
    http.get(`${API}${route}`, ({ request }) => {
      seen.push({
        url: request.url,
        authorization: request.headers.get('Authorization'),
        accept: request.headers.get('Accept'),
      });
      return HttpResponse.json(body, { status });
    }),
  );
  return seen;
}

afterEach(() => {
  delete window.__selahEarlyReads;
  vi.useRealTimers();
});

describe('head/early-reads.js', () => {
  it("starts the dashboard's reads before the app, which takes them instead of asking again", async () => {
    const stats = serve('/stats', { n: 1 });
    const daily = serve('/stats/daily', { n: 2 });
    storeSession('tok-1');

    runEarlyReads('/dashboard');
    await vi.waitFor(() => expect(stats).toHaveLength(1));
    expect(stats[0]).toEqual({
      url: `${API}/stats`,
      authorization: 'Bearer tok-1',
      accept: 'application/json',
    });
    expect(daily).toHaveLength(1);

    // The app starts: same session, same reads.
    useAuthStore.getState().setSession('tok-1', buildUser());
    await expect(api.get('/stats', { schema: z.object({ n: z.number() }) })).resolves.toEqual({
      n: 1,
    });
    await expect(api.get('/stats/daily', { schema: z.object({ n: z.number() }) })).resolves.toEqual(
      { n: 2 },
    );
    expect(stats).toHaveLength(1);
    expect(daily).toHaveLength(1);

    // Each is taken once: the next read of the same URL goes to the server.
    await api.get('/stats');
    expect(stats).toHaveLength(2);
  });

  it("starts a journal page's read with the id encoded as the app encodes it", async () => {
    const id = '8d0f3c1e-0000-4000-8000-000000000001';
    const seen = serve(`/journals/${id}`, { _id: id });
    storeSession('tok-2');

    runEarlyReads(`/journal/${id}`);
    useAuthStore.getState().setSession('tok-2', buildUser());
    await expect(
      api.get(`/journals/${encodeURIComponent(id)}`, { schema: z.object({ _id: z.string() }) }),
    ).resolves.toEqual({ _id: id });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe(`${API}/journals/${id}`);
  });

  it('starts nothing without a stored session, on other pages, or for a malformed path', async () => {
    runEarlyReads('/dashboard');
    expect(window.__selahEarlyReads).toBeUndefined();

    localStorage.setItem('auth-storage', '{not json');
    runEarlyReads('/dashboard');
    expect(window.__selahEarlyReads).toBeUndefined();

    storeSession('tok-3');
    for (const path of ['/journals', '/journal/a/b', '/settings', '/journal/%E0%A4%A']) {
      runEarlyReads(path);
      expect(window.__selahEarlyReads, path).toBeUndefined();
    }
  });

  it('is not used for another session or once it is old; the app then asks itself', async () => {
    const seen = serve('/stats');
    serve('/stats/daily');
    storeSession('tok-old');
    runEarlyReads('/dashboard');
    useAuthStore.getState().setSession('tok-new', buildUser());

    await api.get('/stats');
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen.map((request) => request.authorization).sort()).toEqual([
      'Bearer tok-new',
      'Bearer tok-old',
    ]);

    storeSession('tok-new');
    runEarlyReads('/dashboard');
    window.__selahEarlyReads!.startedAt -= EARLY_READ_MAX_AGE_MS + 1;
    await api.get('/stats');
    await vi.waitFor(() => expect(seen).toHaveLength(4));
    expect(seen.slice(2).map((request) => request.authorization)).toEqual([
      'Bearer tok-new',
      'Bearer tok-new',
    ]);
  });

  it('leaves the early read to the next call when a call is cancelled before it starts', async () => {
    const seen = serve('/stats', { n: 7 });
    serve('/stats/daily');
    storeSession('tok-6');
    runEarlyReads('/dashboard');
    useAuthStore.getState().setSession('tok-6', buildUser());

    const cancelled = new AbortController();
    cancelled.abort();
    await expect(api.get('/stats', { signal: cancelled.signal })).rejects.toBeDefined();
    await expect(api.get('/stats', { schema: z.object({ n: z.number() }) })).resolves.toEqual({
      n: 7,
    });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(window.__selahEarlyReads?.reads['/api/stats']).toBeUndefined();
  });

  it("gives the app the early read's failures as its own: a 401 ends the session", async () => {
    serve(
      '/stats',
      { message: 'Session expired.', code: 'UNAUTHENTICATED', requestId: 'r-1' },
      401,
    );
    serve('/stats/daily');
    storeSession('tok-4');
    runEarlyReads('/dashboard');
    useAuthStore.getState().setSession('tok-4', buildUser());

    const error = await api.get('/stats').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Session expired.' });
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('gives the app a network failure as its own, and an untaken failure raises nothing', async () => {
    server.use(
      http.get(`${API}/stats`, () => HttpResponse.error()),
      http.get(`${API}/stats/daily`, () => HttpResponse.error()),
    );
    storeSession('tok-5');
    runEarlyReads('/dashboard');
    useAuthStore.getState().setSession('tok-5', buildUser());

    await expect(api.get('/stats')).rejects.toMatchObject({ status: 0 });
    // /stats/daily is never taken: its rejection is handled by the script (no unhandled rejection).
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
});
