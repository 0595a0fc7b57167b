// HTTP helpers for the fault scripts: sign-up/sign-in over the real API, and a bounded load
// loop that records every request.
import { randomBytes } from 'node:crypto';

/** A password that passes the server's policy (length and common-password list). */
export const FAULT_PASSWORD = 'Selah-fault-Pass-42!';

export interface Session {
  token: string;
  userId: string;
  email: string;
}

async function post(url: string, body: unknown, token?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
}

/** Signs in with e-mail and password. */
export async function signIn(baseUrl: string, email: string, password = FAULT_PASSWORD) {
  const res = await post(`${baseUrl}/api/auth/login`, { email, password });
  if (!res.ok) throw new Error(`sign-in as ${email}: HTTP ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: { _id: string } };
  return { token: body.token, userId: body.user._id, email } satisfies Session;
}

/** Registers a new password account with a unique address, then signs in. */
export async function signUp(baseUrl: string, label = 'fault'): Promise<Session> {
  const email = `${label}.${Date.now().toString(36)}.${randomBytes(4).toString('hex')}@example.test`;
  const res = await post(`${baseUrl}/api/auth/register`, {
    firstName: 'Fault',
    lastName: 'Tester',
    email,
    password: FAULT_PASSWORD,
  });
  if (!res.ok) throw new Error(`sign-up as ${email}: HTTP ${res.status} ${await res.text()}`);
  // Sign-up answers the same for every address (no user enumeration): sign in for the token.
  return signIn(baseUrl, email);
}

/** `fetch` with the session's bearer token and a JSON body. */
export function authed(session: Session) {
  return (
    url: string,
    init: {
      method?: string;
      body?: unknown;
      headers?: Record<string, string>;
      timeoutMs?: number;
    } = {},
  ) =>
    fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${session.token}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
    });
}

export interface RequestRecord {
  /** Sequence number of the request (0-based, in start order). */
  n: number;
  worker: number;
  /** HTTP status, or 0 when there was no answer (see `error`). */
  status: number;
  /**
   * Why there was no answer: ECONNREFUSED (nothing listening), ECONNRESET / UND_ERR_SOCKET
   * (the connection dropped mid-request), TIMEOUT, or another code.
   */
  error?: string;
  /** ms since the load started (performance.now based). */
  start: number;
  end: number;
  latencyMs: number;
  /** Whatever the request function chose to remember (an idempotency key, a response body). */
  data?: unknown;
}

/** The error code under a fetch failure (`TypeError: fetch failed` wraps the socket's error). */
export function errorCode(error: unknown): string {
  const e = error as { name?: string; code?: string; cause?: { code?: string; name?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'TIMEOUT';
  return e.cause?.code ?? e.code ?? e.cause?.name ?? e.name ?? 'ERROR';
}

export interface LoadOptions {
  concurrency: number;
  /** Hard bounds: the loop stops at whichever comes first. */
  maxRequests: number;
  durationMs: number;
  /** Also stops when this returns true (checked before each request). */
  stopWhen?: () => boolean;
  /** One request; may return `{ response, data }` to keep data in the record. */
  request: (
    n: number,
    worker: number,
  ) => Promise<Response | { response: Response; data?: unknown }>;
  /** Pause after a request without an answer, so a dead server is not hammered (ms). */
  backoffMs?: number;
}

/**
 * Runs `concurrency` workers, each sending one request after the other, until `maxRequests`
 * were started or `durationMs` passed. Every request is recorded; bodies are read (and
 * discarded unless the request function kept them) so connections are reused.
 */
export async function runLoad(opts: LoadOptions): Promise<RequestRecord[]> {
  const t0 = performance.now();
  const records: RequestRecord[] = [];
  let next = 0;
  const worker = async (w: number) => {
    while (
      next < opts.maxRequests &&
      performance.now() - t0 < opts.durationMs &&
      !(opts.stopWhen?.() ?? false)
    ) {
      const n = next++;
      const start = performance.now() - t0;
      let record: RequestRecord;
      try {
        const result = await opts.request(n, w);
        const response = result instanceof Response ? result : result.response;
        if (!response.bodyUsed) await response.arrayBuffer().catch(() => undefined);
        const end = performance.now() - t0;
        record = { n, worker: w, status: response.status, start, end, latencyMs: end - start };
        if (!(result instanceof Response) && result.data !== undefined) record.data = result.data;
      } catch (error) {
        const end = performance.now() - t0;
        const data = (error as { data?: unknown }).data;
        record = {
          n,
          worker: w,
          status: 0,
          error: errorCode(error),
          start,
          end,
          latencyMs: end - start,
          ...(data === undefined ? {} : { data }),
        };
        if (opts.backoffMs) await new Promise((r) => setTimeout(r, opts.backoffMs));
      }
      records.push(record);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, (_, w) => worker(w)));
  return records.sort((a, b) => a.n - b.n);
}

/** Counts of records by status (or error code), e.g. `{ "201": 950, "ECONNREFUSED": 12 }`. */
export function tally(records: RequestRecord[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of records) {
    const key = r.status === 0 ? (r.error ?? 'ERROR') : String(r.status);
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** The p-th percentile (0-100) of `values`. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
