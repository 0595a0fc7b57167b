import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useAuthStore } from '@/stores/auth-store';
import { buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { api, ApiError, getErrorMessage, onUnauthorized } from './api-client';

const EchoSchema = z.object({ authorization: z.string().nullable(), body: z.unknown() });

function echo() {
  server.use(
    http.all(`${API}/echo`, async ({ request }) =>
      HttpResponse.json({
        authorization: request.headers.get('Authorization'),
        body: request.method === 'GET' ? null : await request.json(),
      }),
    ),
  );
}

describe('api client', () => {
  it('sends JSON with the stored bearer token and parses the answer with the schema', async () => {
    echo();
    useAuthStore.getState().setSession('tok-9', buildUser());

    const result = await api.post('/echo', { body: { a: 1 }, schema: EchoSchema });

    expect(result).toEqual({ authorization: 'Bearer tok-9', body: { a: 1 } });
  });

  it('sends a Blob as it is, with its own type (a photo upload)', async () => {
    const seen: { type: string | null; bytes: number[] }[] = [];
    server.use(
      http.put(`${API}/upload`, async ({ request }) => {
        seen.push({
          type: request.headers.get('Content-Type'),
          bytes: [...new Uint8Array(await request.arrayBuffer())],
        });
        return new HttpResponse(null, { status: 204 });
      }),
    );

    await api.put('/upload', {
      body: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }),
    });

    expect(seen).toEqual([{ type: 'image/png', bytes: [1, 2, 3] }]);
  });

  it('downloads a file as a Blob with the name from Content-Disposition', async () => {
    server.use(
      http.get(
        `${API}/file`,
        () =>
          new HttpResponse('{"a":1}', {
            headers: {
              'Content-Type': 'application/json',
              'Content-Disposition': 'attachment; filename="history.json"',
            },
          }),
      ),
      http.get(`${API}/missing`, () => apiError(404, { code: 'NOT_FOUND', message: 'Not found.' })),
    );

    const { blob, filename } = await api.download('/file');

    expect(filename).toBe('history.json');
    expect(await blob.text()).toBe('{"a":1}');
    await expect(api.download('/missing')).rejects.toMatchObject({ status: 404 });
  });

  it('sends no token when there is none, or when asked not to', async () => {
    echo();
    expect((await api.get('/echo', { schema: EchoSchema })).authorization).toBeNull();

    useAuthStore.getState().setSession('tok-9', buildUser());
    expect((await api.get('/echo', { schema: EchoSchema, auth: false })).authorization).toBeNull();
  });

  it('adds query parameters, skipping empty ones', async () => {
    let url = '';
    server.use(
      http.get(`${API}/search`, ({ request }) => {
        url = request.url;
        return new HttpResponse(null, { status: 204 });
      }),
    );

    await api.get('/search', { query: { q: 'hope', page: 2, empty: '', none: undefined } });

    expect(new URL(url).search).toBe('?q=hope&page=2');
  });

  it('throws ApiError with the envelope of a failed call', async () => {
    server.use(
      http.get(`${API}/limited`, () =>
        apiError(
          429,
          { code: 'RATE_LIMITED', message: 'Too many attempts.' },
          { headers: { 'Retry-After': '30' } },
        ),
      ),
    );

    const error = await api.get('/limited').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many attempts.',
      requestId: 'req-test',
      retryAfter: 30,
    });
  });

  it('maps an answer without the envelope to a code by status', async () => {
    server.use(http.get(`${API}/broken`, () => new HttpResponse('<html>', { status: 502 })));

    const error = await api.get('/broken').catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 502, code: 'INTERNAL', message: '' });
    expect(getErrorMessage(error, 'Default text.')).toBe('Default text.');
  });

  it('reports a body that does not match the contract', async () => {
    server.use(http.get(`${API}/odd`, () => HttpResponse.json({ unexpected: true })));

    await expect(api.get('/odd', { schema: EchoSchema })).rejects.toMatchObject({
      code: 'INTERNAL',
      message: 'The server sent an unexpected response.',
    });
  });

  it('reports a network failure as status 0', async () => {
    server.use(http.get(`${API}/offline`, () => HttpResponse.error()));

    await expect(api.get('/offline')).rejects.toMatchObject({
      status: 0,
      message: 'Unable to reach the server. Check your connection and try again.',
    });
  });

  it('ends the session on a 401 to a call that carried the token', async () => {
    server.use(
      http.get(`${API}/private`, () =>
        apiError(401, { code: 'UNAUTHENTICATED', message: 'Session expired.' }),
      ),
    );
    useAuthStore.getState().setSession('tok-9', buildUser());
    const listener = vi.fn();
    const stop = onUnauthorized(listener);

    await expect(api.get('/private')).rejects.toMatchObject({ status: 401 });

    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('keeps the session on a 401 to a call without the token (a wrong password)', async () => {
    server.use(
      http.post(`${API}/auth/login`, () =>
        apiError(401, { code: 'UNAUTHENTICATED', message: 'Invalid email or password.' }),
      ),
    );
    useAuthStore.getState().setSession('tok-9', buildUser());
    const listener = vi.fn();
    const stop = onUnauthorized(listener);

    await expect(api.post('/auth/login', { body: {}, auth: false })).rejects.toMatchObject({
      message: 'Invalid email or password.',
    });

    expect(useAuthStore.getState().token).toBe('tok-9');
    expect(listener).not.toHaveBeenCalled();
    stop();
  });
  describe('stream', () => {
    it('opens an event stream with the bearer token and extra headers, without reading it', async () => {
      let seen: Headers | undefined;
      server.use(
        http.get(`${API}/events`, ({ request }) => {
          seen = request.headers;
          const body = new ReadableStream({
            start: (controller) => controller.enqueue(new TextEncoder().encode(': hello\n\n')),
          });
          return new HttpResponse(body, {
            headers: { 'Content-Type': 'text/event-stream' },
          });
        }),
      );
      useAuthStore.getState().setSession('tok-9', buildUser());
      const controller = new AbortController();

      // Resolves on the headers although the body never ends.
      const response = await api.stream('/events', {
        signal: controller.signal,
        headers: { 'Last-Event-ID': '42' },
      });

      expect(response.headers.get('Content-Type')).toBe('text/event-stream');
      expect(seen?.get('Authorization')).toBe('Bearer tok-9');
      expect(seen?.get('Accept')).toBe('text/event-stream');
      expect(seen?.get('Last-Event-ID')).toBe('42');
      controller.abort();
    });

    it('ends the session on a 401 like every other call', async () => {
      server.use(
        http.get(`${API}/events`, () =>
          apiError(401, { code: 'UNAUTHENTICATED', message: 'Session expired.' }),
        ),
      );
      useAuthStore.getState().setSession('tok-9', buildUser());
      const listener = vi.fn();
      const stop = onUnauthorized(listener);

      await expect(api.stream('/events')).rejects.toMatchObject({ status: 401 });

      expect(useAuthStore.getState().token).toBeNull();
      expect(listener).toHaveBeenCalledTimes(1);
      stop();
    });
  });
});
