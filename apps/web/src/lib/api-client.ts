import { ERROR_STATUS, ApiErrorSchema, type ErrorCode } from '@selah/shared/errors';
import { IDEMPOTENCY_KEY_HEADER } from '@selah/shared/schemas/idempotency';
import type { z } from 'zod';
import { env } from '@/config/env';
import { useAuthStore } from '@/stores/auth-store';

/** A failed API call: the server's error envelope plus the HTTP status (0 = no response). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly requestId: string | undefined;
  /** Seconds from a 429's or 503's Retry-After header. */
  readonly retryAfter: number | undefined;
  /** The Idempotency-Key the failed create carried: a retry with it cannot create twice. */
  readonly idempotencyKey: string | undefined;

  constructor(init: {
    status: number;
    code: ErrorCode;
    message: string;
    details?: unknown;
    requestId?: string | undefined;
    retryAfter?: number | undefined;
    idempotencyKey?: string | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
    this.idempotencyKey = init.idempotencyKey;
  }
}

export const DEFAULT_ERROR_MESSAGE = 'An unexpected error occurred.';

/** The server's message if present, else the error's own message, else the default (spec-1 §8). */
export function getErrorMessage(error: unknown, fallback = DEFAULT_ERROR_MESSAGE): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  return fallback;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<TSchema extends z.ZodType | undefined = undefined> {
  /** Parses the success body; without one the body is ignored. */
  schema?: TSchema;
  /** Sent as JSON; a Blob or File is sent as it is, with its own type (an uploaded photo). */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Send the stored bearer token (default true). */
  auth?: boolean;
  /** End the session when the server answers 401 to a call that carried a token (default true). */
  endSessionOn401?: boolean;
  /** Extra request headers (for example `Last-Event-ID` on a stream). */
  headers?: Record<string, string>;
  /**
   * A creating call: send an `Idempotency-Key` (decision 017), the same one for every retry of
   * this call until one gets an answer below 500 (see `unsettledKeys`).
   */
  idempotent?: boolean;
}

type Result<TSchema> = TSchema extends z.ZodType ? z.infer<TSchema> : undefined;

let unauthorizedListener: (() => void) | null = null;

/**
 * Registers what happens after a 401 ended the session (the app navigates to /login).
 * Returns a function that removes the listener.
 */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListener = listener;
  return () => {
    if (unauthorizedListener === listener) unauthorizedListener = null;
  };
}

const CODE_BY_STATUS = new Map<number, ErrorCode>(
  (Object.entries(ERROR_STATUS) as [ErrorCode, number][])
    // VALIDATION_FAILED shares 400 with BAD_REQUEST; a bare 400 is the generic one.
    .filter(([code]) => code !== 'VALIDATION_FAILED')
    .map(([code, status]) => [status, code]),
);

function codeForStatus(status: number): ErrorCode {
  return CODE_BY_STATUS.get(status) ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

function buildUrl(path: string, query?: Query): URL {
  const url = new URL(`${env.API_URL.replace(/\/$/, '')}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '')
      url.searchParams.set(key, String(value));
  }
  return url;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response, idempotencyKey?: string): Promise<ApiError> {
  const parsed = ApiErrorSchema.safeParse(await readJson(response));
  const retryAfterHeader = Number(response.headers.get('Retry-After'));
  const retryAfter =
    Number.isFinite(retryAfterHeader) && retryAfterHeader > 0 ? retryAfterHeader : undefined;
  if (parsed.success) {
    return new ApiError({ status: response.status, ...parsed.data, retryAfter, idempotencyKey });
  }
  // No envelope (a proxy error page, an empty body): no message of our own, so each screen
  // shows its own default text (spec-1 §8).
  return new ApiError({
    status: response.status,
    code: codeForStatus(response.status),
    message: '',
    retryAfter,
    idempotencyKey,
  });
}

/**
 * Keys of creates whose outcome is unknown (no answer, or a 5xx), by `method path body`. A retry
 * of the same create - TanStack Query's, or the user pressing the button again - reuses the key,
 * so the server replays a create that did commit instead of running it twice. Any answer below
 * 500 settles the create, and the next one gets a fresh key.
 */
const unsettledKeys = new Map<string, string>();

/**
 * 128 random bits in hex. `crypto.getRandomValues`, not `crypto.randomUUID`: the latter exists
 * only in secure contexts, and Selah may be opened over plain http on a home network.
 */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function idempotencyKeyFor(slot: string): string {
  const key = unsettledKeys.get(slot) ?? newIdempotencyKey();
  unsettledKeys.set(slot, key);
  return key;
}

/** Sends a call and returns the successful response; failures throw ApiError (see `request`). */
async function send(
  method: string,
  path: string,
  options: Omit<RequestOptions<z.ZodType | undefined>, 'schema'>,
  accept: string,
): Promise<Response> {
  const { body, query, signal, auth = true, endSessionOn401 = true } = options;
  const headers = new Headers({ ...options.headers, Accept: accept });
  const raw = body instanceof Blob;
  if (raw) headers.set('Content-Type', body.type || 'application/octet-stream');
  else if (body !== undefined) headers.set('Content-Type', 'application/json');
  const token = auth ? useAuthStore.getState().token : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const slot = options.idempotent ? `${method} ${path} ${JSON.stringify(body ?? null)}` : null;
  const idempotencyKey = slot === null ? undefined : idempotencyKeyFor(slot);
  if (idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);

  const url = buildUrl(path, query);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: raw ? body : body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      status: 0,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Unable to reach the server. Check your connection and try again.',
      idempotencyKey,
    });
  }

  if (slot !== null && response.status < 500) unsettledKeys.delete(slot);
  if (!response.ok) {
    const error = await toApiError(response, idempotencyKey);
    // The session is over (expired or revoked): log out here, wherever the call came from.
    if (
      response.status === 401 &&
      token &&
      endSessionOn401 &&
      useAuthStore.getState().token === token
    ) {
      useAuthStore.getState().clearSession();
      unauthorizedListener?.();
    }
    throw error;
  }
  return response;
}

async function request<TSchema extends z.ZodType | undefined = undefined>(
  method: string,
  path: string,
  options: RequestOptions<TSchema> = {},
): Promise<Result<TSchema>> {
  const { schema, ...rest } = options;
  const response = await send(method, path, rest, 'application/json');
  if (!schema) return undefined as Result<TSchema>;
  const parsed = schema.safeParse(await readJson(response));
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: 'INTERNAL',
      message: 'The server sent an unexpected response.',
      details: parsed.error.issues,
    });
  }
  return parsed.data as Result<TSchema>;
}

/** Thin fetch wrapper for the Selah API: JSON in and out, bearer token, typed errors. */
export const api = {
  get: <T extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<T>) =>
    request('GET', path, options),
  post: <T extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<T>) =>
    request('POST', path, options),
  put: <T extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<T>) =>
    request('PUT', path, options),
  patch: <T extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<T>) =>
    request('PATCH', path, options),
  delete: <T extends z.ZodType | undefined = undefined>(
    path: string,
    options?: RequestOptions<T>,
  ) => request('DELETE', path, options),
  /**
   * Opens a long-lived GET (Server-Sent Events) and resolves with the response as soon as its
   * headers arrive, for the caller to read `response.body`. Errors, including the 401 that ends
   * the session, are handled exactly as for the other calls.
   */
  stream: (path: string, options?: Omit<RequestOptions, 'schema' | 'body'>) =>
    send('GET', path, options ?? {}, 'text/event-stream'),
  /**
   * GETs a file (an attachment such as an export) as a Blob, with the file name from its
   * Content-Disposition header when there is one. Errors are handled as for the other calls.
   */
  download: async (
    path: string,
    options?: Omit<RequestOptions, 'schema' | 'body'>,
  ): Promise<{ blob: Blob; filename: string | null }> => {
    const response = await send('GET', path, options ?? {}, '*/*');
    return { blob: await response.blob(), filename: attachmentName(response) };
  },
};

/** The file name of a `Content-Disposition: attachment; filename="..."` header, if any. */
function attachmentName(response: Response): string | null {
  const header = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]).replace(/[\\/]/g, '_');
  } catch {
    return match[1];
  }
}
