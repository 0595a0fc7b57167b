import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { METHODS } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { nastyString } from '../../apps/server/test/security/schema-arbitrary.ts';
import { signUp } from '../faults/lib/http.ts';
import { ROOT, type ServerProcess, startServer, tempDir } from '../faults/lib/server.ts';
import { type RawAnswer, rawRequest } from '../lib/raw-http.ts';

/**
 * Issue 28 §1: nothing anyone sends to a page stops Selah. The real server process (server.ts,
 * with its watchdog) serves the real web build; every page path of apps/web/src/app/routes.ts
 * gets every method, content type and body shape, and hostile headers, over raw sockets. Each
 * answer must come within ANSWER_MS, never a 5xx nor a stack trace, and /api/health answers
 * afterwards from the same process.
 *
 * FUZZ_RUNS sets the random requests after the fixed matrix (200 unless told).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const ANSWER_MS = 5_000;
const STACK = /node_modules|\.tsx?:\d+:\d+|\bat [\w.<>]+ \(/;

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every page path of the route config ("/journal/:id" as written), "*" as an unknown page. */
function pagePathsOf(routes: RouteEntry[]): string[] {
  return routes.flatMap((route) => [
    ...(route.index ? ['/'] : []),
    ...(route.path ? [route.path === '*' ? '/no-such-page/at-all' : route.path] : []),
    ...pagePathsOf(route.children ?? []),
  ]);
}
/** The web app's route config, loaded as its build loads it (a path: the web app's own project). */
const pageRoutes = (
  (await import(pathToFileURL(path.join(ROOT, 'apps/web/src/app/routes.ts')).href)) as {
    default: RouteEntry[];
  }
).default;
const PAGE_PATHS = pagePathsOf(pageRoutes);
/** Paths that are not pages: the API's JSON 404 (and its routes), a file the build lacks. */
const OTHER_PATHS = ['/api/no-such-thing', '/api/auth/login', '/assets/no-such-file.js'];

/** Every UTF-8 byte of a value percent-encoded (lone surrogates too, as U+FFFD). */
const percent = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** A path with its parameters filled (a uuid unless given). */
const fill = (pagePath: string, value: string = randomUUID()) =>
  pagePath.replace(/:\w+/g, () => percent(value));

const CONTENT_TYPES: (string | undefined)[] = [
  undefined,
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'text/html; charset=utf-8',
  'application/json; charset=utf-16',
  '*/*',
  `application/${'x'.repeat(2_000)}`,
];

const MB = 1024 * 1024;
const BODIES: Record<string, () => Buffer> = {
  empty: () => Buffer.alloc(0),
  'the issue’s a=1': () => Buffer.from('a=1'),
  binary: () => randomBytes(64 * 1024),
  'just over the body limit': () => Buffer.alloc(MB + 1, 'a'),
  huge: () => randomBytes(3 * MB),
  '200,000 brackets': () => Buffer.from(`${'['.repeat(200_000)}${']'.repeat(200_000)}`),
  '100,000 nested objects': () => Buffer.from(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`),
  'a wide object': () =>
    Buffer.from(
      JSON.stringify(Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, i]))),
    ),
  'a form with nested names': () =>
    Buffer.from(
      Array.from({ length: 5_000 }, (_, i) => `a${'[b]'.repeat(50)}[${i}]=\u0000`).join('&'),
    ),
  multipart: () =>
    Buffer.from(
      `--x\r\ncontent-disposition: form-data; name="a"\r\n\r\n${'\u0000'.repeat(10)}\r\n--x--\r\n`,
    ),
};
const BODY_NAMES = Object.keys(BODIES);
/** Methods whose requests Fastify reads a body for (and the ones it does not know). */
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'QUERY', 'PROPFIND', 'SEARCH'];

let server: ServerProcess;
const data = tempDir('page-fuzz');
let pageCookie: string;

beforeAll(async () => {
  server = await startServer({
    dataDir: data.dir,
    // Each request comes from its own address (X-Forwarded-For from the loopback "proxy"), so
    // the page rate limit (120 a minute per address) does not answer in the renderer's place.
    env: { WEB_DIST_DIR: inject('webDist'), TRUST_PROXY: '127.0.0.1' },
  });
  const session = await signUp(server.url, 'page-fuzz');
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: session.email, password: 'Selah-fault-Pass-42!' }),
  });
  pageCookie = login.headers.getSetCookie().find((c) => c.startsWith('selah_page_session='))!;
  pageCookie = pageCookie.split(';')[0]!;
});

afterAll(async () => {
  await server?.stop('SIGTERM');
  data.remove();
});

const randomAddress = () =>
  `198.51.100.${Math.floor(Math.random() * 254) + 1}, 203.0.113.${Math.floor(Math.random() * 254) + 1}`;

interface Sent {
  method: string;
  target: string;
  contentType?: string | undefined;
  body?: string;
  headers?: string[];
  /** More than a server reads before it may refuse: a head over 16 KiB or a body over 64 KiB. */
  large?: boolean;
}

/** One request as raw bytes: the head (with the body's length, unless told), then the body. */
function send(
  sent: Sent,
  body: Buffer = Buffer.alloc(0),
  extra: string[] = [],
): Promise<RawAnswer> {
  const lines = [
    `${sent.method} ${sent.target} HTTP/1.1`,
    `host: 127.0.0.1:${server.port}`,
    `x-forwarded-for: ${randomAddress()}`,
    ...(sent.contentType === undefined ? [] : [`content-type: ${sent.contentType}`]),
    ...(body.length > 0 || BODY_METHODS.includes(sent.method)
      ? [`content-length: ${body.length}`]
      : []),
    ...extra,
  ];
  const head = `${lines.join('\r\n')}\r\n\r\n`;
  sent.large = head.length > 16 * 1024 || body.length > 64 * 1024;
  return rawRequest(server.port, head, body, ANSWER_MS);
}

/** What is wrong with an answer (nothing: null). */
function wrong(sent: Sent, answer: RawAnswer): string | null {
  const what = `${sent.method} ${sent.target.slice(0, 80)} ${sent.contentType?.slice(0, 40) ?? '(no type)'} ${sent.body ?? ''} ${(sent.headers ?? []).join(' ').slice(0, 80)}`;
  // CONNECT asks for a tunnel: Node closes a connection it has no tunnel for, at once.
  if (sent.method === 'CONNECT' && answer.error !== 'timeout') return null;
  // A request refused before it was read to its end (a head over Node's 16 KiB, or a body
  // Fastify refuses: its 413 and 415 close the connection, as the client may still be sending):
  // the reset can reach the client before the answer does. The process's health is checked
  // after each group of requests.
  if (sent.large && (answer.error === 'ECONNRESET' || answer.error === 'EPIPE')) return null;
  if (answer.status === 0)
    return `${what}: no answer (${answer.error}) after ${Math.round(answer.ms)} ms`;
  if (answer.status >= 500) return `${what}: ${answer.status} ${answer.text.slice(0, 300)}`;
  if (STACK.test(answer.text)) return `${what}: a stack trace in ${answer.text.slice(0, 300)}`;
  return null;
}

/** Runs `count` requests, `concurrency` at a time; what went wrong, and the statuses seen. */
async function sendAll(
  count: number,
  request: (i: number) => { sent: Sent; body?: Buffer; extra?: string[] },
  concurrency = 4,
): Promise<{ failures: string[]; statuses: Record<string, number> }> {
  const failures: string[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const { sent, body, extra } = request(next++);
        const answer = await send(sent, body, extra);
        const outcome = answer.status || answer.error!;
        statuses[outcome] = (statuses[outcome] ?? 0) + 1;
        const problem = wrong(sent, answer);
        if (problem) failures.push(problem);
        // A process that stopped answering fails everything after it: one report is enough.
        if (failures.length >= 5) next = count;
      }
    }),
  );
  return { failures, statuses };
}

/** The server process is alive, answers its health check, and its watchdog never fired. */
async function stillServing(): Promise<void> {
  const health = await fetch(`${server.url}/api/health`, {
    signal: AbortSignal.timeout(ANSWER_MS),
  });
  expect(health.status).toBe(200);
  expect(server.child.exitCode).toBeNull();
  expect(server.output()).not.toMatch(/watchdog/i);
}

describe('page routes against anything anyone sends', () => {
  it('reads every page path from the route config', () => {
    expect(PAGE_PATHS).toContain('/');
    expect(PAGE_PATHS).toContain('/terms');
    expect(PAGE_PATHS).toContain('/journal/:id');
    expect(PAGE_PATHS.length).toBeGreaterThan(20);
  });

  it('answers the issue’s request (a POST with a body to /terms) with 405 and Allow, at once', async () => {
    const answer = await send(
      { method: 'POST', target: '/terms', contentType: 'text/plain' },
      Buffer.from('a=1'),
    );
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(405);
    expect(answer.text).toMatch(/\r\nallow: GET, HEAD\r\n/i);
    expect(answer.ms).toBeLessThan(ANSWER_MS);
    await stillServing();
  });

  it('answers every method on every page path (and paths that are not pages)', async () => {
    const paths = [...PAGE_PATHS, ...OTHER_PATHS];
    const cookies = [undefined, pageCookie, 'selah_page_session=not-a-session'];
    const { failures, statuses } = await sendAll(paths.length * METHODS.length, (i) => {
      const target = fill(paths[i % paths.length]!);
      const method = METHODS[Math.floor(i / paths.length)]!;
      const bodyName = BODY_NAMES[i % BODY_NAMES.length]!;
      const body = BODIES[bodyName]!();
      const contentType = CONTENT_TYPES[i % CONTENT_TYPES.length];
      const cookie = cookies[i % cookies.length];
      return {
        sent: { method, target, contentType, body: bodyName },
        body,
        extra: cookie ? [`cookie: ${cookie}`] : [],
      };
    });
    console.info(`[page fuzz] every method x path: ${JSON.stringify(statuses)}`);
    expect(failures).toEqual([]);
    await stillServing();
  });

  it('answers every content type with every body shape, for every method that may carry one', async () => {
    const combos = BODY_METHODS.flatMap((method) =>
      CONTENT_TYPES.flatMap((contentType) =>
        BODY_NAMES.map((body) => ({ method, contentType, body })),
      ),
    );
    const { failures, statuses } = await sendAll(combos.length, (i) => {
      const combo = combos[i]!;
      return {
        sent: { ...combo, target: fill(PAGE_PATHS[i % PAGE_PATHS.length]!) },
        body: BODIES[combo.body]!(),
      };
    });
    console.info(`[page fuzz] methods x types x bodies: ${JSON.stringify(statuses)}`);
    expect(failures).toEqual([]);
    await stillServing();
  });

  it('answers hostile headers, request lines and framing', async () => {
    const page = '/terms';
    const cases: { name: string; head: string; body?: Buffer }[] = [];
    const request = (lines: string[], name: string, body?: Buffer) =>
      cases.push({ name, head: `${lines.join('\r\n')}\r\n\r\n`, ...(body ? { body } : {}) });
    const base = (method = 'GET', target = page) => [
      `${method} ${target} HTTP/1.1`,
      `host: 127.0.0.1:${server.port}`,
      `x-forwarded-for: ${randomAddress()}`,
    ];
    for (const size of [4_000, 15_000, 17_000, 100_000]) {
      request([...base(), `x-long: ${'a'.repeat(size)}`], `a ${size}-byte header`);
      request(
        [...base(), `cookie: selah_page_session=${'b'.repeat(size)}`],
        `a ${size}-byte cookie`,
      );
      request(base('GET', `${page}?q=${'c'.repeat(size)}`), `a ${size}-byte query`);
    }
    for (const count of [100, 1_000, 3_000]) {
      request(
        [...base(), ...Array.from({ length: count }, (_, i) => `x-many: ${i}`)],
        `${count} headers`,
      );
      request(
        [...base(), ...Array.from({ length: count }, () => `cookie: a=${randomUUID()}`)],
        `${count} cookie headers`,
      );
    }
    request([...base(), `cookie: ${pageCookie}`, `cookie: ${pageCookie}`], 'the page cookie twice');
    request([...base(), 'host: evil.example'], 'two hosts');
    request(
      base().filter((l) => !l.startsWith('host')),
      'no host',
    );
    request([...base().slice(0, 1), `host: ${'h'.repeat(5_000)}`], 'a long host');
    for (const host of ['a b', 'a/b', '[::1', 'a@b', 'x:99999', '%zz', '', 'a\\b', '*']) {
      const others = base().filter((l) => !l.startsWith('host'));
      request([...others, `host: ${host}`], `the host "${host}"`);
    }
    // From the trusted proxy (TRUST_PROXY), the forwarded host and protocol count.
    for (const forwarded of [
      'x-forwarded-host: a b',
      'x-forwarded-proto: a b',
      'x-forwarded-proto: javascript',
      'x-forwarded-host: 127.0.0.1:99999',
    ]) {
      request([...base(), forwarded], forwarded);
    }
    request([...base(), 'x-latin1: caf\u00e9 \u00ff\u00fe'], 'latin-1 bytes in a header');
    request(
      [...base(), `x-utf8: ${Buffer.from('🙏 é', 'utf8').toString('latin1')}`],
      'UTF-8 bytes in a header',
    );
    request(
      [
        ...base(),
        `cookie: selah_page_session=${Buffer.from('é\u0000', 'utf8').toString('latin1')}`,
      ],
      'a cookie with NUL',
    );
    request([...base(), 'x-a: b\u0000c'], 'NUL in a header');
    request([...base(), 'x-fold: a', ' folded'], 'an obsolete folded header');
    request([...base(), 'no colon here'], 'a header without a colon');
    request(
      [...base(), 'accept-encoding: br;q=abc, gzip;q=-1, *;q=1e99, x'.repeat(50)],
      'odd accept-encoding',
    );
    request([...base(), 'accept-language: ' + 'x-'.repeat(3_000)], 'odd accept-language');
    request([...base(), 'if-none-match: ' + '"a",'.repeat(2_000)], 'many etags');
    request([...base(), 'range: bytes=0-1,2-3,' + '4-5,'.repeat(1_000)], 'many ranges');
    request(base('GET', '/terms%'), 'a bad percent-encoding');
    request(base('GET', '/journal/%E0%A4%A'), 'a truncated UTF-8 parameter');
    request(base('GET', '/journal/%00'), 'a NUL parameter');
    request(base('GET', `/journal/${'%F0%9F%99%8F'.repeat(500)}`), 'a long emoji parameter');
    request(base('GET', '/journal/..%2f..%2fpackage.json'), 'an encoded traversal');
    request(base('GET', '//terms'), 'a double slash');
    request(base('GET', 'http://evil.example/terms'), 'an absolute target');
    request(base('GET', '*'), 'an asterisk target');
    request(base('GET', '/terms\u0000'), 'a raw NUL in the target');
    request(['GET /terms HTTP/1.0', 'connection: close'], 'HTTP/1.0');
    request(['GET /terms HTTP/2.0', 'connection: close'], 'HTTP/2.0 over HTTP/1');
    request(['GET /terms'], 'no version');
    request([`${'G'.repeat(100)} /terms HTTP/1.1`, 'host: x'], 'an unknown method');
    request(['get /terms HTTP/1.1', 'host: x', 'connection: close'], 'a lower-case method');
    request(
      [...base('POST'), 'content-length: 5', 'content-length: 6'],
      'two content lengths',
      Buffer.from('abcdef'),
    );
    request(
      [...base('POST'), 'content-length: 5', 'transfer-encoding: chunked'],
      'length and chunked',
      Buffer.from('0\r\n\r\n'),
    );
    request([...base('POST'), 'content-length: -1'], 'a negative length');
    request([...base('POST'), 'content-length: 99999999999999999999'], 'an enormous length');
    request([...base('GET'), 'content-length: 1000000'], 'a GET announcing a body it never sends');
    request(
      [...base('POST'), 'transfer-encoding: chunked', 'content-type: application/json'],
      'a bad chunk size',
      Buffer.from('zz\r\nabc\r\n0\r\n\r\n'),
    );
    request(
      [...base('POST'), 'transfer-encoding: chunked', 'content-type: application/json'],
      'a chunked JSON body',
      Buffer.from(
        `${(2 * 200_000).toString(16)}\r\n${'['.repeat(200_000)}${']'.repeat(200_000)}\r\n0\r\n\r\n`,
      ),
    );
    request(
      [...base('POST'), 'transfer-encoding: gzip, chunked'],
      'gzip transfer coding',
      Buffer.from('0\r\n\r\n'),
    );
    request(
      [
        ...base('POST'),
        'content-encoding: gzip',
        'content-type: application/json',
        'content-length: 10',
      ],
      'a fake gzip body',
      Buffer.from('0123456789'),
    );
    request(
      [
        ...base('POST', '/api/auth/login'),
        'content-type: application/json',
        `content-length: ${400_000}`,
      ],
      'the API with 200,000 brackets',
      Buffer.from(`${'['.repeat(200_000)}${']'.repeat(200_000)}`),
    );
    request(
      [
        ...base('PUT', `/api/journals/${randomUUID()}`),
        'content-type: application/json',
        `content-length: ${400_000}`,
      ],
      'the API with 100,000 nested objects',
      Buffer.from(`${'{"a":'.repeat(66_666)}1${'}'.repeat(66_666)}`.padEnd(400_000, ' ')),
    );
    request([...base('GET'), 'expect: 100-continue'], 'expect 100-continue');
    request(
      [...base('POST'), 'expect: 100-continue', 'content-length: 3'],
      'expect 100-continue with a body',
      Buffer.from('a=1'),
    );
    request(
      [...base('POST'), 'expect: teapot', 'content-length: 3'],
      'an unknown expectation',
      Buffer.from('a=1'),
    );
    request([...base('GET'), 'upgrade: websocket', 'connection: upgrade'], 'a websocket upgrade');
    request(
      [
        ...base('GET'),
        'upgrade: h2c',
        'connection: upgrade, http2-settings',
        'http2-settings: AAMAAABkAARAAAAAAAIAAAAA',
      ],
      'an h2c upgrade',
    );
    // Pipelined: three requests in one write, the last one closing.
    cases.push({
      name: 'three pipelined requests',
      head: `GET ${page} HTTP/1.1\r\nhost: x\r\n\r\nPOST ${page} HTTP/1.1\r\nhost: x\r\ncontent-length: 3\r\n\r\na=1GET / HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`,
    });
    const failures: string[] = [];
    const statuses: Record<string, number> = {};
    for (const { name, head, body } of cases) {
      const answer = await rawRequest(server.port, Buffer.from(head, 'latin1'), body, ANSWER_MS);
      const outcome = answer.status || answer.error!;
      statuses[outcome] = (statuses[outcome] ?? 0) + 1;
      const problem = wrong(
        {
          method: 'GET',
          target: page,
          headers: [name],
          large: head.length > 16 * 1024 || (body?.length ?? 0) > 64 * 1024,
        },
        answer,
      );
      if (problem) failures.push(problem);
    }
    console.info(`[page fuzz] ${cases.length} hostile header cases: ${JSON.stringify(statuses)}`);
    expect(failures).toEqual([]);
    await stillServing();
  });

  it(`answers ${RUNS} random requests (fast-check) to page paths`, async () => {
    const failures: string[] = [];
    const request = fc.record({
      path: fc.constantFrom(...PAGE_PATHS),
      param: fc.oneof(fc.uuid(), nastyString()),
      query: fc.option(nastyString(), { nil: undefined }),
      method: fc.constantFrom(...METHODS.filter((m) => m !== 'CONNECT')),
      contentType: fc.constantFrom(...CONTENT_TYPES),
      body: fc.oneof(
        fc.constantFrom(...BODY_NAMES).map((name) => ({ name, bytes: BODIES[name]!() })),
        fc
          .uint8Array({ maxLength: 4_096 })
          .map((bytes) => ({ name: 'random', bytes: Buffer.from(bytes) })),
      ),
      cookie: fc.option(
        fc.oneof(
          fc.constant(pageCookie),
          nastyString().map((s) => `selah_page_session=${percent(s)}`),
        ),
        { nil: undefined },
      ),
    });
    await fc
      .assert(
        fc.asyncProperty(request, async (r) => {
          const sent: Sent = {
            method: r.method,
            target: `${fill(r.path, r.param)}${r.query === undefined ? '' : `?q=${percent(r.query)}`}`,
            contentType: r.contentType,
            body: r.body.name,
          };
          const answer = await send(sent, r.body.bytes, r.cookie ? [`cookie: ${r.cookie}`] : []);
          const problem = wrong(sent, answer);
          if (problem) failures.push(problem);
          return problem === null;
        }),
        { numRuns: RUNS, endOnFailure: true },
      )
      .catch(() => {});
    expect(failures).toEqual([]);
    await stillServing();
  });
});
