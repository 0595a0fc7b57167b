import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Bulkhead: at most this many executions of this route's handler at once in this process.
     * Beyond it (or beyond the plugin's `total` over all capped routes) a request waits at most
     * `queueTimeoutMs` for a slot, then is answered 503 with `Retry-After`; when the wait queue
     * is full too it is answered at once, without touching the database.
     */
    bulkhead?: number;
  }
}

export interface BulkheadOptions {
  /**
   * Executions of all capped routes together. Keep it below the database pool size so
   * expensive routes can never hold every connection (docs/decisions/018).
   */
  total: number;
  /**
   * Longest wait for a slot (ms). Fast queries free a slot within milliseconds, so a burst
   * passes; a slow one (a lock, a scan) keeps it, so the waiting requests are shed this soon.
   */
  queueTimeoutMs?: number;
  /** Waiting requests per slot of a route; beyond them requests are shed at once. */
  queuePerSlot?: number;
  /** Seconds sent in `Retry-After` when a request is shed. */
  retryAfterSeconds?: number;
}

/** Where a capped route keeps its count (on its route config, so onRequest can see it). */
const kState = Symbol('bulkhead');
interface State {
  max: number;
  active: number;
  waiting: number;
  /** Requests shed since the last log line, and when that was (one line a second at most). */
  shed: number;
  loggedAt: number;
}
interface Waiter {
  state: State;
  admit: () => void;
}

/** A shed request: 503 + Retry-After, counted by the security and operations log. */
const busy = (retryAfterSeconds: number) =>
  new AppError('SERVICE_UNAVAILABLE', 'This is busy right now. Please retry in a moment.', {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/**
 * Per-route concurrency caps for expensive routes (search, discover, statistics, scans):
 * `app.get(url, { config: { bulkhead: 4 } }, handler)`. The slot is held while the handler
 * runs, so it is released however the handler ends (answer, error, statement timeout), even
 * when the client has gone away. A route whose slots and wait queue are full sheds in the
 * first onRequest hook, before authentication, so a storm of shed requests costs no database
 * work. Register before the routes.
 */
export const bulkheadPlugin = fp(
  async (app: FastifyInstance, opts: BulkheadOptions) => {
    const retryAfter = opts.retryAfterSeconds ?? 1;
    const queueTimeoutMs = opts.queueTimeoutMs ?? 500;
    const queuePerSlot = opts.queuePerSlot ?? 4;
    let running = 0;
    /** Requests waiting for a slot, oldest first, over all capped routes. */
    const waiters: Waiter[] = [];

    const full = (state: State) => state.active >= state.max || running >= opts.total;
    const queueFull = (state: State) => state.waiting >= state.max * queuePerSlot;
    const take = (state: State) => {
      state.active++;
      running++;
    };
    const give = (state: State) => {
      state.active--;
      running--;
      // One slot came free: hand it to the oldest waiter that may use it.
      const index = waiters.findIndex((w) => !full(w.state));
      if (index >= 0) {
        const [waiter] = waiters.splice(index, 1);
        take(waiter!.state);
        waiter!.admit();
      }
    };
    /** Resolves true holding a slot, or false when none came free in time. */
    const wait = (state: State) =>
      new Promise<boolean>((resolve) => {
        state.waiting++;
        const waiter: Waiter = {
          state,
          admit: () => {
            clearTimeout(timer);
            state.waiting--;
            resolve(true);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          state.waiting--;
          resolve(false);
        }, queueTimeoutMs);
        waiters.push(waiter);
      });
    const shed = (request: FastifyRequest, url: string, state: State) => {
      state.shed++;
      const now = Date.now();
      if (now - state.loggedAt >= 1_000) {
        request.log.warn(
          { event: 'bulkhead_shed', route: url, shed: state.shed, active: state.active, running },
          'route busy, requests shed',
        );
        state.shed = 0;
        state.loggedAt = now;
      }
      return busy(retryAfter);
    };

    app.addHook('onRequest', async (request) => {
      const state = (request.routeOptions.config as { [kState]?: State })[kState];
      if (state && full(state) && queueFull(state)) {
        throw shed(request, request.routeOptions.url ?? '', state);
      }
    });

    app.addHook('onRoute', (route) => {
      const max = route.config?.bulkhead;
      if (max === undefined) return;
      if (!Number.isInteger(max) || max < 1) {
        throw new Error(
          `${String(route.method)} ${route.url}: bulkhead must be a positive integer`,
        );
      }
      const state: State = { max, active: 0, waiting: 0, shed: 0, loggedAt: 0 };
      route.config = Object.assign({ ...route.config }, { [kState]: state });
      const handler = route.handler as RouteHandlerMethod;
      // The authoritative check: requests admitted by onRequest may have queued since.
      route.handler = async function bulkheaded(this: FastifyInstance, request, reply) {
        if (!full(state)) take(state);
        else if (queueFull(state) || !(await wait(state))) throw shed(request, route.url, state);
        try {
          return await handler.call(this, request, reply);
        } finally {
          give(state);
        }
      };
    });
  },
  { name: 'bulkhead' },
);
