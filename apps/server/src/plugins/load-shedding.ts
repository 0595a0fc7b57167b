import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

export interface LoadSheddingOptions {
  /** Answer 503 while the event loop's mean delay over the last second is above this; 0: off. */
  maxEventLoopDelayMs: number;
  /** The Retry-After of that 503, in seconds. */
  retryAfterSeconds: number;
}

/** The histogram's resolution, ms (the delay it reports includes it once). */
const RESOLUTION_MS = 10;
const SAMPLE_INTERVAL_MS = 1_000;

/**
 * Load shedding (ADR 018): while the event loop lags more than `maxEventLoopDelayMs`, every
 * request answers 503 with `Retry-After` instead of queueing behind the lag. What
 * `@fastify/under-pressure` did for us, without its sampler's `process.memoryUsage()`, which
 * opens a file each second and throws when the process has no descriptor left: uncaught, in a
 * timer, that ended the process (ADR 053, "Connections"). Measuring the loop opens nothing.
 */
export const loadSheddingPlugin = fp(
  async (app: FastifyInstance, opts: LoadSheddingOptions) => {
    if (opts.maxEventLoopDelayMs <= 0) return;
    const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    histogram.enable();
    let delayMs = 0;
    const timer = setInterval(() => {
      // No sample at all in a second: the loop was held the whole time.
      delayMs = Number.isNaN(histogram.mean)
        ? Number.POSITIVE_INFINITY
        : Math.max(0, histogram.mean / 1e6 - RESOLUTION_MS);
      histogram.reset();
    }, SAMPLE_INTERVAL_MS).unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      histogram.disable();
    });
    const retryAfter = String(opts.retryAfterSeconds);
    app.addHook('onRequest', async () => {
      if (delayMs > opts.maxEventLoopDelayMs) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'Service temporarily unavailable. Please retry shortly.',
          { headers: { 'retry-after': retryAfter } },
        );
      }
    });
  },
  { name: 'load-shedding' },
);
