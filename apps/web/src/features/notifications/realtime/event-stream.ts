import { isApiError } from '@/lib/api-client';
import { createSseParser, type ServerSentEvent } from './sse-parser';

/** Reconnect delays: 1 s, 2 s, 4 s ... capped at 30 s, each with ±20 % jitter. */
export const RECONNECT_INITIAL_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** The server sends a heartbeat every 20 s; silence for this long means a dead connection. */
export const IDLE_TIMEOUT_MS = 45_000;

export interface EventStreamOptions {
  /** Opens the stream (a fetch resolving with the response headers); throws ApiError on failure. */
  connect: (request: { signal: AbortSignal; lastEventId: string | null }) => Promise<Response>;
  onEvent: (event: ServerSentEvent) => void;
  /** The stream stopped for good: the server refused the session (401). */
  onUnauthorized?: () => void;
  /** Where to resume: sent as `Last-Event-ID` on the first connection. */
  lastEventId?: string | null;
  initialDelayMs?: number;
  maxDelayMs?: number;
  idleTimeoutMs?: number;
  /** Jitter source; tests pass a constant. */
  random?: () => number;
}

export interface EventStream {
  close: () => void;
  /** The last event id received (what a reconnect sends as `Last-Event-ID`). */
  lastEventId: () => string | null;
}

/** The delay before reconnect attempt `attempt` (0 = the first). */
export function reconnectDelay(
  attempt: number,
  { initialMs = RECONNECT_INITIAL_MS, maxMs = RECONNECT_MAX_MS, random = Math.random } = {},
): number {
  const base = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
  return Math.min(maxMs, Math.round(base * (0.8 + 0.4 * random())));
}

/**
 * A Server-Sent Events client on fetch (EventSource cannot send the Authorization header, and
 * a token never goes into a URL). It reconnects with exponential back-off and `Last-Event-ID`
 * after any failure or end of stream, reconnects at once when the browser comes back online,
 * treats 45 s of silence as a dead connection, and stops for good on a 401 or on `close()`.
 */
export function startEventStream(options: EventStreamOptions): EventStream {
  const {
    connect,
    onEvent,
    onUnauthorized,
    initialDelayMs = RECONNECT_INITIAL_MS,
    maxDelayMs = RECONNECT_MAX_MS,
    idleTimeoutMs = IDLE_TIMEOUT_MS,
    random = Math.random,
  } = options;
  let lastEventId = options.lastEventId ?? null;
  let closed = false;
  let controller: AbortController | null = null;
  let wake: (() => void) | null = null;

  const onOnline = () => wake?.();
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  /** Reads one connection until it ends; true when at least one event came through. */
  const readConnection = async (): Promise<boolean> => {
    const current = new AbortController();
    controller = current;
    let received = false;
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    const resetIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => current.abort(), idleTimeoutMs);
    };
    try {
      resetIdle();
      const response = await connect({ signal: current.signal, lastEventId });
      const type = response.headers.get('Content-Type') ?? '';
      if (!response.body || !type.startsWith('text/event-stream')) {
        await response.body?.cancel();
        return false;
      }
      const parser = createSseParser({
        onEvent: (event) => {
          received = true;
          if (event.lastEventId) lastEventId = event.lastEventId;
          try {
            onEvent(event);
          } catch (error) {
            // A bug in a handler must not end the stream: report it and carry on.
            reportError(error);
          }
        },
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done || closed) break;
        resetIdle();
        parser.push(decoder.decode(value, { stream: true }));
      }
      if (!closed) parser.push(decoder.decode());
      return received;
    } finally {
      clearTimeout(idleTimer);
      current.abort();
      if (controller === current) controller = null;
    }
  };

  const run = async () => {
    let attempt = 0;
    while (!closed) {
      try {
        const received = await readConnection();
        if (received) attempt = 0;
      } catch (error) {
        if (closed) return;
        if (isApiError(error, 401)) {
          closed = true;
          onUnauthorized?.();
          return;
        }
        // Anything else (no network, a dropped connection, a 5xx) is worth another try.
      }
      if (closed) return;
      await sleep(
        reconnectDelay(attempt, { initialMs: initialDelayMs, maxMs: maxDelayMs, random }),
      );
      attempt += 1;
    }
  };
  void run();

  return {
    close() {
      if (closed) return;
      closed = true;
      controller?.abort();
      wake?.();
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
    },
    lastEventId: () => lastEventId,
  };
}
