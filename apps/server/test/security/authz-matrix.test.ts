import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../build-test-app.ts';
import { FakeFlutterwave } from '../fake-flutterwave.ts';
import { runAdminCommand } from '../../src/modules/admin/admin-roles.ts';
import { ADMIN_ONLY, LISTS, MATRIX, type MatrixRow, SIGNED_OUT } from './authz-matrix.data.ts';
import {
  openApiOperations,
  type RegisteredRoute,
  registeredRoutes,
  routeKey,
  takesId,
} from './route-table.ts';
import { ACTORS, type Actor, fingerprint, seedWorld, type World } from './world.ts';

/**
 * Issue 8 §1 / ASVS 8.2.2: every route that takes an id, for every actor, asserting exactly who
 * may do what. The table lives in authz-matrix.data.ts; this file runs every cell against one
 * seeded world and fails when the route table has a route the matrix does not cover.
 */
const FLW_SECRET = 'FLWSECK_TEST-matrix-secret-X';
let t: TestApp;
let w: World;
let routes: RegisteredRoute[];

let flw: FakeFlutterwave;

beforeAll(async () => {
  flw = new FakeFlutterwave(FLW_SECRET);
  await flw.start();
  t = await buildTestApp({
    env: {
      FLUTTERWAVE_PUBLIC_KEY: 'FLWPUBK_TEST-matrix-X',
      FLUTTERWAVE_SECRET_KEY: FLW_SECRET,
      FLUTTERWAVE_WEBHOOK_HASH: 'matrix-webhook-hash',
      FLUTTERWAVE_API_URL: flw.url,
    },
  });
  routes = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api'));
  w = await seedWorld(t.app, t.db, flw);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await flw?.stop();
});

const fill = (pattern: string, params: Record<string, string>) =>
  pattern.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${pattern}`);
    return encodeURIComponent(value);
  });

const outcomeOf = (status: number): '2xx' | number =>
  status >= 200 && status < 300 ? '2xx' : status;

interface Sent {
  url: string;
  body: unknown;
}

function request(row: MatrixRow, actor: Actor, override?: { params?: Record<string, string> }) {
  const params = override?.params ?? row.params?.(w) ?? { id: row.id(w) };
  const query = row.query ? `?${row.query(w)}` : '';
  return { url: `${fill(row.route, params)}${query}`, body: row.body?.(w, actor) };
}

async function send(actor: Actor, method: string, sent: Sent) {
  const token = w.api[actor].token;
  return t.app.inject({
    method: method as 'GET',
    url: sent.url,
    headers: token ? bearer(token) : {},
    ...(sent.body === undefined ? {} : { payload: sent.body as object }),
  });
}

/** The answer for a record that does not exist: hidden records must answer exactly the same. */
async function missingRecordAnswer(row: MatrixRow): Promise<{ code: string; message: string }> {
  const id = row.id(w);
  const ghost = row.ghost?.() ?? randomUUID();
  const sent = request(row, 'owner');
  const res = await send('owner', row.method, {
    url: sent.url.replaceAll(id, ghost),
    body:
      sent.body === undefined
        ? undefined
        : (JSON.parse(JSON.stringify(sent.body).replaceAll(id, ghost)) as unknown),
  });
  expect(res.statusCode, `missing record on ${row.method} ${row.route}`).toBe(row.missing ?? 404);
  const { code, message } = res.json<{ code: string; message: string }>();
  return { code, message };
}

describe('the matrix covers the route table', () => {
  it('reads the registered routes (every OpenAPI operation is among them)', async () => {
    const keys = new Set(routes.map(routeKey));
    const documented = (await openApiOperations(t.app)).map(routeKey);
    expect(documented.length).toBeGreaterThan(50);
    expect(documented.filter((k) => !keys.has(k))).toEqual([]);
  });

  it('has a row for every registered route that takes an id', () => {
    const covered = new Set(MATRIX.map((r) => routeKey({ method: r.method, url: r.route })));
    const missing = routes.filter((r) => takesId(r.url) && !covered.has(routeKey(r)));
    expect(missing.map(routeKey), 'add these routes to authz-matrix.data.ts').toEqual([]);
  });

  it('has a signed-out answer for every /api route', () => {
    const covered = new Set([
      ...Object.keys(SIGNED_OUT),
      ...MATRIX.map((r) => routeKey({ method: r.method, url: r.route })),
    ]);
    const missing = routes.filter((r) => !covered.has(routeKey(r)));
    expect(missing.map(routeKey), 'add these routes to SIGNED_OUT').toEqual([]);
  });

  it('lists every /api/admin route as admin-only', () => {
    const admin = routes.filter((r) => r.url.startsWith('/api/admin')).map(routeKey);
    expect(
      admin.filter((k) => !ADMIN_ONLY.includes(k)),
      'add these routes to ADMIN_ONLY',
    ).toEqual([]);
  });

  it('has no rows for routes that no longer exist', () => {
    const keys = new Set(routes.map(routeKey));
    const stale = [
      ...MATRIX.map((r) => routeKey({ method: r.method, url: r.route })),
      ...Object.keys(SIGNED_OUT),
      ...LISTS.map((l) => `GET ${l.route}`),
      ...ADMIN_ONLY,
    ].filter((k) => !keys.has(k));
    expect(stale).toEqual([]);
  });
});

describe('every cell of the matrix', () => {
  it.each(MATRIX.map((row) => [`${row.method} ${row.route} (${row.target})`, row] as const))(
    '%s',
    async (_name, row) => {
      const mismatches: string[] = [];
      const missing = await missingRecordAnswer(row);
      for (const actor of ACTORS) {
        const expected = row.expect[actor];
        const allowed = expected === '2xx';
        const override =
          allowed && row.method !== 'GET' && row.fresh ? await row.fresh(w, actor) : undefined;
        const sent = request(row, actor, override);
        if (override?.body !== undefined) sent.body = override.body;
        const before = !allowed && row.method !== 'GET' ? await fingerprint(t.db) : null;
        const res = await send(actor, row.method, sent);
        const got = outcomeOf(res.statusCode);
        if (got !== expected) {
          mismatches.push(`${actor}: expected ${expected}, got ${res.statusCode} ${res.body}`);
          continue;
        }
        if (before) {
          const after = await fingerprint(t.db);
          if (JSON.stringify(after) !== JSON.stringify(before))
            mismatches.push(`${actor}: a refused request changed data`);
        }
        if (expected === (row.missing ?? 404) && !row.distinct404) {
          const body = res.json<{ code: string; message: string }>();
          if (body.code !== missing.code || body.message !== missing.message)
            mismatches.push(
              `${actor}: ${expected} "${body.message}" differs from a missing record's "${missing.message}"`,
            );
        }
        if (expected === 401) expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
        if (expected === 403) expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
        if (allowed && row.method === 'GET' && actor !== 'owner' && row.inspect) {
          row.inspect(res.json(), w, actor);
        }
      }
      expect(mismatches).toEqual([]);
    },
  );
});

describe('lists show each record only to those who may see it', () => {
  it.each(LISTS.map((row) => [`${row.url} (${row.target})`, row] as const))(
    '%s',
    async (_name, row) => {
      const mismatches: string[] = [];
      for (const actor of ACTORS) {
        const res = await send(actor, 'GET', { url: row.url, body: undefined });
        const got =
          res.statusCode === 401
            ? 401
            : res.statusCode === 200
              ? res.body.includes(row.id(w))
                ? 'shown'
                : 'hidden'
              : `status ${res.statusCode}`;
        if (got !== row.expect[actor])
          mismatches.push(`${actor}: expected ${row.expect[actor]}, got ${got}`);
      }
      expect(mismatches).toEqual([]);
    },
  );
});

describe('signed out', () => {
  it('every /api route without an id answers 401, except the few a visitor needs', async () => {
    const wrong: string[] = [];
    for (const [key, expected] of Object.entries(SIGNED_OUT)) {
      const [method, url] = key.split(' ') as [string, string];
      const res = await t.app.inject({
        method: method as 'GET',
        url: url.replace('*', 'anything'),
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      const ok =
        expected === 401 ? res.statusCode === 401 : res.statusCode !== 401 && res.statusCode < 500;
      if (!ok) wrong.push(`${key}: expected ${expected}, got ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('admin-only routes', () => {
  it.each(ADMIN_ONLY.map((key) => [key] as const))(
    '%s: every ordinary user gets the 404 of a missing route; an admin gets the answer',
    async (key) => {
      const [method, url] = key.split(' ') as [string, string];
      const wrong: string[] = [];
      const ask = (actor: Actor, path: string) =>
        send(actor, method, { url: path, body: undefined });
      for (const actor of ACTORS.filter((a) => a !== 'signedOut')) {
        const res = await ask(actor, url);
        const missing = await ask(actor, `${url}-missing`);
        const body = res.json<{ code: string; message: string }>();
        const expected = missing.json<{ code: string; message: string }>();
        if (
          res.statusCode !== 404 ||
          missing.statusCode !== 404 ||
          body.code !== expected.code ||
          body.message !== expected.message.replace(`${url}-missing`, url)
        )
          wrong.push(`${actor}: ${res.statusCode} ${res.body}`);
      }
      expect(wrong).toEqual([]);
      const owner = w.people.owner.email;
      await runAdminCommand(t.db.db, ['grant', owner]);
      try {
        expect((await ask('owner', url)).statusCode).toBe(200);
      } finally {
        await runAdminCommand(t.db.db, ['revoke', owner]);
      }
    },
  );
});

/** Figures for SECURITY.md. */
afterAll(() => {
  const cells = MATRIX.length * ACTORS.length + LISTS.length * ACTORS.length;
  console.info(
    `[authz-matrix] ${MATRIX.length} rows + ${LISTS.length} list rows x ${ACTORS.length} actors = ${cells} cells; ${Object.keys(SIGNED_OUT).length} signed-out routes; ${ADMIN_ONLY.length} admin-only routes; ${routes?.length ?? 0} /api routes registered`,
  );
});
