import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Bulkhead: at most this many executions of this route's handler at once in this process.
     * Beyond it (or beyond the plugin's `total` over all capped routes) the request is answered
     * 503 with `Retry-After` at once, without touching the database.
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
  /** Seconds sent in `Retry-After` when a request is shed. */
  retryAfterSeconds?: number;
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
 * when the client has gone away. Register before the routes.
 */
export const bulkheadPlugin = fp(
  async (app: FastifyInstance, opts: BulkheadOptions) => {
    const retryAfter = opts.retryAfterSeconds ?? 1;
    let running = 0;
    app.addHook('onRoute', (route) => {
      const max = route.config?.bulkhead;
      if (max === undefined) return;
      if (!Number.isInteger(max) || max < 1) {
        throw new Error(
          `${String(route.method)} ${route.url}: bulkhead must be a positive integer`,
        );
      }
      const handler = route.handler as RouteHandlerMethod;
      let active = 0;
      route.handler = async function bulkheaded(this: FastifyInstance, request, reply) {
        if (active >= max || running >= opts.total) {
          request.log.warn(
            { event: 'bulkhead_shed', route: route.url, active, running },
            'route busy, request shed',
          );
          throw busy(retryAfter);
        }
        active++;
        running++;
        try {
          return await handler.call(this, request, reply);
        } finally {
          active--;
          running--;
        }
      };
    });
  },
  { name: 'bulkhead' },
);
