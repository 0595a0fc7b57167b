import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signUp, type TestApp } from '../../test/build-test-app.ts';
import { befriend, person } from '../../test/people.ts';
import { registeredRoutes, routeKey } from '../../test/security/route-table.ts';
import {
  inspectInput,
  MAX_DEPTH,
  MAX_VALUES,
  NUL_MESSAGE,
  TOO_DEEP_MESSAGE,
  TOO_LARGE_MESSAGE,
} from './input-guard.ts';

/** Runs `walk` and says how long it took (ms). */
function timed<T>(walk: () => T): { result: T; ms: number } {
  const started = performance.now();
  const result = walk();
  return { result, ms: performance.now() - started };
}

const nested = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe('inspectInput (what the input guard walks)', () => {
  it('finds a NUL in a value or a key of parsed JSON, with its path', () => {
    expect(inspectInput({ a: [1, { b: 'x\u0000' }] }, 'body')).toEqual({
      kind: 'nul',
      path: 'body.a.1.b',
    });
    expect(inspectInput({ ok: 'y', 'k\u0000ey': 1 }, 'body')).toEqual({
      kind: 'nul',
      path: 'body.key',
    });
    expect(inspectInput('\u0000', 'params')).toEqual({ kind: 'nul', path: 'params' });
    expect(inspectInput({ a: 'x', b: ['y', 'z\u0000'] }, 'body')?.path).toBe('body.b.1');
    const queryLike = Object.assign(Object.create(null) as object, { q: 'a\u0000' });
    expect(inspectInput(queryLike, 'querystring')).toEqual({ kind: 'nul', path: 'querystring.q' });

    expect(inspectInput({ a: ['x', { b: 1 }], c: null, d: true }, 'body')).toBeNull();
  });

  it('never walks what no parser builds: a stream, a Buffer, a typed array, other objects', () => {
    const stream = Readable.from(['a\u0000b']);
    for (const value of [
      stream,
      Buffer.from('a\u0000b'),
      new Uint8Array([0, 0, 0]),
      new Map([['a\u0000', 'b\u0000']]),
      new URLSearchParams('a=%00'),
      new Date(),
    ]) {
      const { result, ms } = timed(() => inspectInput({ body: value }, 'body'));
      expect(result, value.constructor.name).toBeNull();
      expect(ms).toBeLessThan(500);
    }
  });

  it('visits each object once: a cycle, or one object reached by many paths, ends at once', () => {
    const fan: Record<string, unknown> = { text: 'fine' };
    fan.left = fan;
    fan.right = fan;
    const chain: Record<string, unknown>[] = [];
    for (let i = 0; i < 40; i++)
      chain.push(i === 0 ? { end: 'x' } : { a: chain[i - 1], b: chain[i - 1] });
    const { result, ms } = timed(() => inspectInput({ fan, chain: chain.at(-1) }, 'body'));
    expect(result).toBeNull();
    expect(ms).toBeLessThan(500);
  });

  it(`refuses what is nested deeper than ${MAX_DEPTH} or holds over ${MAX_VALUES} values, in bounded time`, () => {
    expect(inspectInput(nested(MAX_DEPTH - 1, 'x'), 'body')).toBeNull();
    const deep = timed(() =>
      inspectInput(JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`), 'body'),
    );
    expect(deep.result?.kind).toBe('too-deep');
    expect(deep.ms).toBeLessThan(1_000);
    const wide = timed(() => inspectInput(new Array(MAX_VALUES + 1).fill(0), 'body'));
    expect(wide.result).toEqual({ kind: 'too-large', path: 'body' });
    expect(wide.ms).toBeLessThan(1_000);
    // A body at the size limit (1 MiB) of the smallest values stays within the bound.
    expect(inspectInput(JSON.parse(`[${'0,'.repeat(49_999)}0]`), 'body')).toBeNull();
  });
});

describe('the input guard on every /api route', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
    token = (await signUp(t.app)).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const bodies: Record<string, string> = {
    '200,000 brackets': `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
    '100,000 nested objects': `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`,
    // Built as text: JSON.stringify itself overflows the stack on such values.
    'an array nested in each field': `{${['title', 'content', 'email']
      .map((field) => `"${field}":${'['.repeat(10_000)}"x"${']'.repeat(10_000)}`)
      .join(',')}}`,
    'a wide object': JSON.stringify(
      Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, 'v'])),
    ),
    '150,000 values': `[${'0,'.repeat(149_999)}0]`,
  };

  it('answers deep, wide and huge JSON with a 4xx in bounded time, never a 5xx', async () => {
    // Those that end the session (when they accept a body) last, so the others see a live one.
    const endsSession = (r: { method: string; url: string }) =>
      /logout|^DELETE \/api\/users\/me$/.test(routeKey(r));
    const routes = registeredRoutes(t.app)
      .filter((r) => r.url.startsWith('/api') && r.method !== 'GET')
      .sort((a, b) => Number(endsSession(a)) - Number(endsSession(b)));
    expect(routes.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    const statuses: Record<string, number> = {};
    for (const route of routes) {
      const url = route.url
        .replace(/:\w+/g, '00000000-0000-4000-8000-000000000000')
        .replace('*', 'x');
      for (const [name, payload] of Object.entries(bodies)) {
        const started = performance.now();
        const res = await t.app.inject({
          method: route.method,
          url,
          headers: {
            ...bearer(token),
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          payload,
        });
        const ms = performance.now() - started;
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        if (res.statusCode >= 500 || ms > 5_000 || /\.ts:\d+:\d+|node_modules/.test(res.body))
          wrong.push(
            `${routeKey(route)} ${name}: ${res.statusCode} in ${Math.round(ms)} ms ${res.body.slice(0, 200)}`,
          );
      }
    }
    console.info(
      `[input guard] ${routes.length} routes x ${Object.keys(bodies).length} bodies: ${JSON.stringify(statuses)}`,
    );
    expect(wrong).toEqual([]);
  }, 180_000);

  it('names why it refused: NUL, too deep, too many values', async () => {
    // A new session: the routes above include signing out.
    const { token } = await signUp(t.app);
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/journals',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload,
      });
    const cases: [string, string][] = [
      [JSON.stringify({ title: 'a\u0000b' }), NUL_MESSAGE],
      [JSON.stringify({ title: nested(100, 'x') }), TOO_DEEP_MESSAGE],
      [JSON.stringify({ title: new Array(MAX_VALUES + 10).fill(0) }), TOO_LARGE_MESSAGE],
    ];
    // In a query string too (Fastify's parser builds records that inherit from a bare object).
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/journals/public?search=a%00b',
      headers: bearer(token),
    });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({
      message: NUL_MESSAGE,
      details: [{ path: 'querystring.search' }],
    });
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
  });

  it('keeps half an emoji as U+FFFD in JSON columns as in text ones, and in what notifies others', async () => {
    // A lone surrogate (a client cut an emoji in two) is JSON that PostgreSQL's jsonb refuses.
    const { token } = await signUp(t.app);
    const send = (method: 'POST' | 'PUT', url: string, body: string) =>
      t.app.inject({
        method,
        url,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: body,
      });
    const journal = await send('POST', '/api/journals', '{"title":"Verses \\ud83d"}');
    expect(journal.statusCode, journal.body).toBe(201);
    expect(journal.json<{ title: string }>().title).toBe('Verses \ufffd');
    const prayer = await send(
      'POST',
      '/api/prayers',
      `{"title":"ok","journal":"${journal.json<{ _id: string }>()._id}",` +
        '"memoryVerse":{"verse":"\\ud800 in the beginning","reference":"a\\udfff"}}',
    );
    expect(prayer.statusCode, prayer.body).toBe(201);
    expect(prayer.json<{ memoryVerse: unknown }>().memoryVerse).toEqual({
      verse: '\ufffd in the beginning',
      reference: 'a\ufffd',
    });
    const edited = await send(
      'PUT',
      `/api/prayers/${prayer.json<{ _id: string }>()._id}`,
      '{"memoryVerse":{"verse":"v","reference":"\\udc00"}}',
    );
    expect(edited.statusCode, edited.body).toBe(200);

    // Shared with a friend: the notice quotes the title (a JSON payload) as stored.
    const [asker, friend] = [await person(t.app, 'Asker'), await person(t.app, 'Friend')];
    await befriend(asker, friend);
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/prayer-requests',
      headers: { ...bearer(asker.api.token!), 'content-type': 'application/json' },
      payload: `{"title":"Healing \\ud83d","sharedWith":["${friend.id}"]}`,
    });
    expect(request.statusCode, request.body).toBe(201);
    const inbox = await friend.api.get('/api/notifications?limit=5');
    expect(inbox.body).toContain('Healing \ufffd');
  });
});
