import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { buildTestApp, type TestApp, listenOnLoopback } from '../build-test-app.ts';
import { FakeFlutterwave } from '../fake-flutterwave.ts';
import { befriend, person, type Person } from '../people.ts';
import { openSse } from '../sse-client.ts';
import { createTestDb } from '../test-db.ts';
import {
  type JsonSchema,
  type OpenApiOperation,
  openApiOperations,
  registeredRoutes,
  routeKey,
} from './route-table.ts';
import {
  anyJson,
  cursorOf,
  fromSchema,
  hostileCursor,
  hostileJsonText,
  MEANINGLESS_CURSOR_KEYS,
  mutateObject,
  nastyString,
  type Pools,
  wrongType,
} from './schema-arbitrary.ts';
import { fingerprint, unlimitedPlans } from './world.ts';

/**
 * Issue 8 §2 / ASVS 2.2.1, 16.5.1: fast-check over every /api route, from the route's own
 * schemas in the OpenAPI document plus hostile values. For every request: no 5xx, no stack trace,
 * no write on a GET, and no state change when the request is refused (4xx).
 *
 * FUZZ_RUNS sets the runs per route: 1,000 in CI (CI=true), 100 locally by default.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.CI === 'true' ? 1000 : 100));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** Optional: only the routes whose "METHOD /url" matches (debugging one route). */
const ONLY = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : null;
const ADDRESS = '10.77.0.1';

/** Routes whose valid session would end (logout) or never end (the stream): fuzzed signed out. */
const NO_VALID_SESSION = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/logout-all',
  'GET /api/notifications/stream',
]);
/** Run last: they wipe the fuzz user's data when they succeed. */
const LAST = ['POST /api/users/me/clear', 'DELETE /api/users/me'];

const FLW_SECRET = 'FLWSECK_TEST-fuzz-secret-X';
const WEBHOOK_HASH = 'fuzz-webhook-hash';
let flw: FakeFlutterwave;
let t: TestApp;
let closeDb: () => Promise<void>;
const statements: string[] = [];
let fuzzer: Person;
let friend: Person;
let stranger: Person;
let operations: OpenApiOperation[];
const figures: { route: string; runs: number; ms: number; statuses: Record<string, number> }[] = [];

const WRITE = /^\s*(insert|update|delete)\b/i;
/** Sign-in activity is recorded at most once a minute, after the answer (never awaited). */
const BACKGROUND_WRITE = /^update "users" set "last_active_at"/i;

beforeAll(async () => {
  const db = await createTestDb({ onQuery: (q) => statements.push(q) });
  closeDb = db.close;
  flw = new FakeFlutterwave(FLW_SECRET);
  await flw.start();
  t = await buildTestApp({
    db,
    env: {
      RATE_LIMIT_MAX: '1000000000',
      FLUTTERWAVE_PUBLIC_KEY: 'FLWPUBK_TEST-fuzz-X',
      FLUTTERWAVE_SECRET_KEY: FLW_SECRET,
      FLUTTERWAVE_WEBHOOK_HASH: WEBHOOK_HASH,
      FLUTTERWAVE_API_URL: flw.url,
      COUNTRY_HEADER: 'CF-IPCountry',
      // The fuzz requests come from ADDRESS: the country header is believed from it.
      TRUST_PROXY: ADDRESS,
    },
  });
  [fuzzer, friend, stranger] = [
    await person(t.app, 'Fuzz'),
    await person(t.app, 'Friend'),
    await person(t.app, 'Stranger'),
  ];
  await befriend(fuzzer, friend);
  await unlimitedPlans(db);
  // A cheap Argon2id hash of a password nobody knows: wrong-password checks stay fast, and no
  // generated password can match.
  const cheap = await hash(randomUUID(), { algorithm: 2, memoryCost: 8, timeCost: 1 });
  // An admin too, so the admin routes are fuzzed past their guard (ordinary users get 404).
  await db.db
    .update(users)
    .set({ passwordHash: cheap, role: 'admin' })
    .where(eq(users.id, fuzzer.id));

  const documented = await openApiOperations(t.app);
  const byKey = new Map(documented.map((op) => [routeKey(op), op]));
  // Routes left out of the document (Google redirects, the docs themselves) are fuzzed too.
  operations = registeredRoutes(t.app)
    .filter((r) => r.url.startsWith('/api') && (!ONLY || ONLY.test(routeKey(r))))
    .map((r) => byKey.get(routeKey(r)) ?? { ...r, path: r.url, operation: {} });
  operations.sort(
    (a, b) => LAST.indexOf(routeKey(a)) - LAST.indexOf(routeKey(b)) || a.url.localeCompare(b.url),
  );
}, 180_000);

afterAll(async () => {
  await t?.close();
  await closeDb?.();
  await flw?.stop();
  const total = figures.reduce((n, f) => n + f.runs, 0);
  const ms = figures.reduce((n, f) => n + f.ms, 0);
  console.info(
    `[fuzz] ${figures.length} routes x ${RUNS} runs = ${total} requests in ${(ms / 1000).toFixed(1)} s`,
  );
});

/** Records the fuzz user owns (made again before each route: DELETE runs remove them). */
async function freshPools(): Promise<Pools> {
  const api = fuzzer.api;
  const id = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    const body = JSON.parse(r.body) as { _id?: string; data?: { _id?: string } };
    return body._id ?? body.data?._id ?? randomUUID();
  };
  const privateJournal = await id(api.post('/api/journals', { title: 'Fuzz private' }));
  const publicJournal = await id(
    api.post('/api/journals', { title: 'Fuzz public', isPrivate: false }),
  );
  const prayer = await id(
    api.post('/api/prayers', { journal: publicJournal, title: 'Fuzz', isPrivate: false }),
  );
  const answered = await id(api.post('/api/prayers', { journal: privateJournal, title: 'Done' }));
  await api.put(`/api/prayers/${answered}/status`, { isAnswered: true });
  const request = await id(
    api.post('/api/prayer-requests', { title: 'Fuzz', sharedWith: [friend.id] }),
  );
  const group = await id(
    api.post('/api/prayer-groups', {
      name: 'Fuzz group',
      description: 'Fuzz',
      journalId: publicJournal,
    }),
  );
  const othersJournal = await id(stranger.api.post('/api/journals', { title: 'Not yours' }));
  const listed = await api.get('/api/notifications?limit=5');
  expect(listed.statusCode, `the fuzz user's session: ${listed.body}`).toBe(200);
  const notes = listed.json<{ data: { _id: string }[] }>();
  return {
    ids: [
      privateJournal,
      publicJournal,
      prayer,
      answered,
      request,
      group,
      othersJournal,
      friend.id,
      stranger.id,
      fuzzer.id,
      ...notes.data.map((n) => n._id),
      '00000000-0000-0000-0000-000000000000',
    ],
  };
}

interface FuzzRequest {
  params: Record<string, string>;
  query: string;
  body: { text: string; type: string } | undefined;
  authorization: string | undefined;
  headers: Record<string, string>;
}

const headerSafe = (s: string) => s.replace(/[^\x20-\x7e]/g, '');

function hostileAuthorization(token: string): fc.Arbitrary<string | undefined> {
  const unsigned = new UnsecuredJWT({ sub: fuzzer.id, sid: randomUUID(), typ: 'access' })
    .setIssuer('http://localhost:3000')
    .setAudience('selah-api')
    .setExpirationTime('1h')
    .encode();
  return fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(
      '',
      'Bearer',
      'Bearer ',
      `bearer ${token}`,
      'Basic dXNlcjpwYXNz',
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -3)}`,
      `Bearer ${unsigned}`,
      `Bearer ${token} ${token}`,
      `Bearer ${'a'.repeat(20_000)}`,
      'Bearer eyJ.eyJ.',
    ),
    nastyString().map((s) => `Bearer ${headerSafe(s)}`),
  );
}

/** A path parameter: a known id, a random uuid, or something hostile (overlong included). */
function pathParam(schema: JsonSchema, pools: Pools): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fromSchema(schema, pools).map(String) },
    { weight: 2, arbitrary: nastyString() },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 101, max: 3_000 }).map((n) => '9'.repeat(n)),
    },
  );
}

/**
 * Percent-encodes like encodeURIComponent, but writes a lone surrogate as the bytes a hostile
 * client would send (WTF-8) instead of throwing.
 */
export function encode(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(value[i]!);
    }
  }
  return out;
}

const encodeQuery = (pairs: [string, string][]) =>
  pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');

function queryString(op: OpenApiOperation, pools: Pools): fc.Arbitrary<string> {
  const params = (op.operation.parameters ?? []).filter((p) => p.in === 'query');
  const valid = fc
    .tuple(
      ...params.map((p) =>
        fc.option(
          p.name === 'cursor'
            ? fc.oneof(fromSchema(p.schema, pools), hostileCursor())
            : fromSchema(p.schema, pools),
          { nil: undefined, freq: p.required ? 50 : 2 },
        ),
      ),
    )
    .map((values) =>
      params.flatMap((p, i): [string, string][] =>
        values[i] === undefined ? [] : [[p.name, String(values[i] as string)]],
      ),
    );
  const hostileValue = fc.oneof(
    nastyString(),
    fc.constantFrom('-1', '0', '101', '1000000', '1.5', 'NaN', 'Infinity', '1e3'),
  );
  return fc.oneof(
    { weight: 5, arbitrary: valid.map(encodeQuery) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom(...params.map((p) => p.name), 'unknown', 'limit', 'cursor'),
          hostileValue,
        )
        .map(([pairs, key, value]) => encodeQuery([...pairs, [key, value]])),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__[isAdmin]=true',
        'constructor[prototype][isAdmin]=true',
        'limit=1&limit=2&limit=3',
        'limit[]=5',
        'cursor=%E0%A4%A',
        `search=${'%20'.repeat(5_000)}`,
        'a'.repeat(10_000),
      ),
    },
  );
}

function bodyOf(op: OpenApiOperation, pools: Pools): fc.Arbitrary<FuzzRequest['body']> {
  const json = (text: string) => ({ text, type: 'application/json' });
  if (op.url === '/api/users/me/avatar' && op.method === 'PUT') {
    return fc
      .tuple(
        fc.oneof(
          fc.uint8Array({ maxLength: 2_000 }),
          fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2])),
          fc.constant(new Uint8Array([0xff, 0xd8, 0xff, 0xe0])),
        ),
        fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/json'),
      )
      .map(([bytes, type]) => ({ text: Buffer.from(bytes).toString('latin1'), type }));
  }
  const schema = op.operation.requestBody?.content?.['application/json']?.schema;
  if (!schema) {
    if (op.method === 'GET') return fc.constant(undefined);
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: anyJson().map((v) => json(JSON.stringify(v) ?? 'null')) },
      { weight: 1, arbitrary: hostileJsonText().map(json) },
    );
  }
  const valid = fromSchema(schema, pools);
  const otherType = fc.constantFrom(
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/json; charset=utf-16',
    'multipart/form-data; boundary=x',
  );
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((v) => json(JSON.stringify(v))) },
    { weight: 4, arbitrary: mutateObject(schema, valid).map((v) => json(JSON.stringify(v))) },
    { weight: 1, arbitrary: wrongType(schema).map((v) => json(JSON.stringify(v) ?? 'null')) },
    { weight: 1, arbitrary: hostileJsonText().map(json) },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, otherType).map(([v, type]) => ({ text: JSON.stringify(v), type })),
    },
  );
}

function requestOf(op: OpenApiOperation, pools: Pools, token: string): fc.Arbitrary<FuzzRequest> {
  const pathParams = [...op.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (op.url.endsWith('*')) pathParams.push('*');
  const declared = new Map(
    (op.operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, p.schema]),
  );
  const params = fc.record(
    Object.fromEntries(
      pathParams.map((name) => [
        name,
        name === '*'
          ? fc.oneof(
              fc.constantFrom('../../package.json', '..%2f..%2fpackage.json', 'static/../../../x'),
              nastyString(),
            )
          : pathParam(declared.get(name) ?? { type: 'string', format: 'uuid' }, pools),
      ]),
    ),
  );
  const signedIn = !NO_VALID_SESSION.has(routeKey(op));
  const country = fc.oneof(
    fc.constantFrom('US', 'NG', 'GB', 'XX', 'T1', ''),
    nastyString().map(headerSafe),
  );
  const webhookHash = fc.oneof(
    { weight: 3, arbitrary: fc.constant(WEBHOOK_HASH) },
    { weight: 1, arbitrary: nastyString().map(headerSafe) },
  );
  return fc.record({
    params,
    query: queryString(op, pools),
    body: bodyOf(op, pools),
    headers: fc.tuple(fc.option(country, { nil: undefined }), webhookHash).map(([c, hash]) => ({
      ...(c === undefined ? {} : { 'cf-ipcountry': c }),
      ...(op.url.endsWith('/webhook') ? { 'verif-hash': hash } : {}),
    })),
    authorization: signedIn
      ? fc.oneof(
          { weight: 8, arbitrary: fc.constant(`Bearer ${token}`) },
          { weight: 1, arbitrary: hostileAuthorization(token) },
        )
      : hostileAuthorization(token),
  });
}

function urlOf(op: OpenApiOperation, req: FuzzRequest): string {
  const path = op.url
    .replace(/:(\w+)/g, (_m, name: string) => encode(req.params[name] ?? ''))
    .replace('*', encode(req.params['*'] ?? '').replace(/%2F/gi, '/'));
  return req.query ? `${path}?${req.query}` : path;
}

const STACK = /node_modules|\.ts:\d+:\d+|\bat [\w.<>]+ \(/;

describe('the notification stream (not fuzzed above: a valid session would keep it open)', () => {
  it('answers hostile Last-Event-ID headers with a working stream and its unread count', async () => {
    const url = `${await listenOnLoopback(t.app)}/api/notifications/stream`;
    const positions = [
      '2020-01-01T00:00:00.000Z_not-a-uuid',
      '2020-01-01T00:00:00.000Z_é',
      '+275760-09-13T00:00:00.000Z_00000000-0000-4000-8000-000000000000',
      '-000001-01-01T00:00:00.000Z_00000000-0000-4000-8000-000000000000',
      '0000-01-01T00:00:00.000Z_00000000-0000-4000-8000-000000000000',
      '2026-13-01T00:00:00.000Z_00000000-0000-4000-8000-000000000000',
      "2024-01-01T00:00:00.000Z_' or 1=1 --",
      '2024-01-01_00000000-0000-4000-8000-000000000000_extra',
      '_',
      'x'.repeat(100),
    ];
    for (const position of positions) {
      const stream = await openSse(url, {
        authorization: `Bearer ${fuzzer.api.token!}`,
        'last-event-id': position,
      });
      try {
        expect(stream.status, position).toBe(200);
        await stream.waitFor((e) => e.event === 'unread', 2_000);
      } finally {
        stream.close();
      }
    }
  });
});

/** Query parameters that choose which list a route pages through (and so its cursor's shape). */
const LIST_MODES = new Set(['tab', 'type', 'status']);

describe('page cursors', () => {
  it('answers 400 to a well-formed cursor that means nothing, on every paginated route', async () => {
    const pools = await freshPools();
    const paginated = operations.filter(
      (op) =>
        op.method === 'GET' &&
        (op.operation.parameters ?? []).some((p) => p.in === 'query' && p.name === 'cursor'),
    );
    if (!ONLY) expect(paginated.length).toBeGreaterThanOrEqual(6);
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const op of paginated) {
      // Every value of a parameter that picks the list (discover's tabs decode different cursors).
      const variants = (op.operation.parameters ?? [])
        .filter((p) => p.in === 'query' && LIST_MODES.has(p.name) && p.schema.enum)
        .reduce<[string, string][][]>(
          (sets, p) =>
            sets.flatMap((set) =>
              p.schema.enum!.map((v) => [...set, [p.name, String(v)] as [string, string]]),
            ),
          [[]],
        );
      // An id the fuzz user may read (in the path, or a required query parameter such as
      // `journal`), so that the answer is about the cursor.
      const idParams = (op.operation.parameters ?? []).filter(
        (p) => p.in === 'query' && p.required && p.schema.format === 'uuid',
      );
      const needsId = op.url.includes(':') || idParams.length > 0;
      let url: string | null = null;
      for (const id of needsId ? pools.ids : ['']) {
        const path = op.url.replace(/:(\w+)/g, id);
        const candidate = idParams.length
          ? `${path}?${encodeQuery(idParams.map((p) => [p.name, id]))}&`
          : `${path}?`;
        if ((await fuzzer.api.get(candidate)).statusCode === 200) {
          url = candidate;
          break;
        }
      }
      expect(url, `${routeKey(op)}: no readable record to page through`).not.toBeNull();
      for (const variant of variants) {
        for (const key of MEANINGLESS_CURSOR_KEYS) {
          const query = encodeQuery([...variant, ['cursor', cursorOf(key)]]);
          const res = await fuzzer.api.get(`${url}${query}`);
          const message = res.json<{ message?: string }>().message;
          if (res.statusCode !== 400 || message !== 'Invalid page cursor.')
            wrong.push(
              `${routeKey(op)}?${encodeQuery(variant)} cursor ${JSON.stringify(key)} -> ${res.statusCode} ${message}`,
            );
        }
        checked.push(`${routeKey(op)} ${encodeQuery(variant)}`);
      }
    }
    console.info(`[fuzz] meaningless cursors tried on ${checked.join(', ')}`);
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('fuzzing every /api route', () => {
  it('covers every registered /api route', () => {
    if (!ONLY) expect(operations.length).toBeGreaterThan(80);
  });

  it(`answers ${RUNS} generated requests per route with no 5xx and no change on refusal`, async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const key = routeKey(op);
      // Each route starts from the same few records: accepted writes of the previous route are
      // cleared (so lists and the export stay small), deleted ones are made again.
      await fuzzer.api.post('/api/users/me/clear', { confirm: 'DELETE' });
      const pools = await freshPools();
      const token = fuzzer.api.token!;
      const statuses: Record<string, number> = {};
      let baseline: string | null = null;
      const started = performance.now();
      let runs = 0;
      const property = fc.asyncProperty(requestOf(op, pools, token), async (req) => {
        runs++;
        // The load comes from this very process: let the event loop turn (timers, the
        // load-shedding sampler) between requests, as it does between network requests.
        await new Promise((resolve) => setImmediate(resolve));
        if (baseline === null && op.method !== 'GET')
          baseline = JSON.stringify(await fingerprint(t.db));
        statements.length = 0;
        const res = await t.app.inject({
          method: op.method,
          url: urlOf(op, req),
          remoteAddress: ADDRESS,
          headers: {
            ...req.headers,
            ...(req.authorization === undefined ? {} : { authorization: req.authorization }),
            ...(req.body ? { 'content-type': req.body.type } : {}),
          },
          ...(req.body
            ? {
                payload: req.body.type.startsWith('image/')
                  ? Buffer.from(req.body.text, 'latin1')
                  : req.body.text,
              }
            : {}),
        });
        const bucket = `${Math.floor(res.statusCode / 100)}xx`;
        statuses[bucket] = (statuses[bucket] ?? 0) + 1;
        const writes = statements.filter((s) => WRITE.test(s) && !BACKGROUND_WRITE.test(s));
        const where = `${key} -> ${res.statusCode}`;
        expect(res.statusCode, `${where} ${res.body.slice(0, 300)}`).toBeLessThan(500);
        expect(STACK.test(res.body), `${where}: stack trace in ${res.body.slice(0, 300)}`).toBe(
          false,
        );
        if (op.method === 'GET') {
          expect(writes, `${where}: a GET wrote`).toEqual([]);
        }
        if (op.method !== 'GET' && writes.length > 0) {
          if (res.statusCode >= 400) {
            const now = JSON.stringify(await fingerprint(t.db));
            expect(now, `${where}: a refused request changed data (${writes.join('; ')})`).toBe(
              baseline,
            );
          } else {
            baseline = null; // an accepted write: the next refusal is compared with a new state
          }
        }
      });
      try {
        await fc.assert(property, {
          numRuns: RUNS,
          endOnFailure: true,
          ...(SEED === undefined ? {} : { seed: SEED }),
        });
      } catch (error) {
        const cause = (error as { cause?: unknown }).cause;
        failures.push(
          `${key}: ${(error as Error).message.slice(0, 2_000)}\n${String(cause instanceof Error ? cause.message : cause).slice(0, 2_000)}`,
        );
      }
      figures.push({ route: key, runs, ms: performance.now() - started, statuses });
      if (process.env.FUZZ_VERBOSE)
        console.info(key, runs, (performance.now() - started).toFixed(0), JSON.stringify(statuses));
    }
    const slowest = [...figures].sort((a, b) => b.ms - a.ms).slice(0, 8);
    console.info(
      `[fuzz] slowest: ${slowest.map((f) => `${f.route} ${(f.ms / 1000).toFixed(1)} s`).join(', ')}`,
    );
    expect(failures).toEqual([]);
  }, 900_000);
});
