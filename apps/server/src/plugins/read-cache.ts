import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { VersionedCache } from '../lib/versioned-cache.ts';
import type { WriteClock } from '../db/write-clock.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A signed-in read whose answer depends only on the user, the URL and the database: answered
     * from memory until a write completes, for at most REMEMBERED_AT_MOST_MS (ADR 035). The
     * handler must not write (a remembered answer skips it).
     */
    readCache?: boolean;
  }
  interface FastifyRequest {
    /** The write clock's version before this request's reads, when its answer may be kept. */
    readCacheVersion: number | null;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Remembers the serialized answers of routes marked `readCache`, per user and URL. Its `onSend`
 * runs before compression (a route's own hooks, where @fastify/compress puts its hook, run after
 * the app's), so it keeps the JSON text and compression applies to both kinds of answer. The
 * version is taken as the request arrives, before the session and its user are read. The answer
 * is looked up by a hook of the route's own, added after the rate limiter's (register this
 * plugin after @fastify/rate-limit): it runs after authentication and after the request is
 * counted, so only a live session within its limits gets one, and before the URL is parsed and
 * validated (the URL of a remembered answer passed both, and would again).
 */
export const readCachePlugin = fp(
  async (app: FastifyInstance, opts: { clock: WriteClock; now: () => Date; enabled: boolean }) => {
    const answers = new VersionedCache<string>({
      clock: opts.clock,
      now: opts.now,
      max: 10_000,
      maxSize: 32 * 1024 * 1024,
      sizeOf: (body) => body.length * 2 + 64,
      enabled: opts.enabled,
    });
    app.decorateRequest('readCacheVersion', null);

    const keyOf = (userId: string, url: string) => `${userId} ${url}`;

    app.addHook('onRequest', async (request) => {
      if (answers.enabled && request.method === 'GET' && request.routeOptions.config.readCache)
        request.readCacheVersion = answers.version();
    });

    const answerFromMemory = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.readCacheVersion === null || !request.user) return;
      const body = answers.get(keyOf(request.user.id, request.url));
      if (body === undefined) return;
      request.readCacheVersion = null;
      reply.type(JSON_TYPE);
      return reply.send(body);
    };
    app.addHook('onRoute', (route) => {
      if (!route.config?.readCache) return;
      const own = route.onRequest;
      route.onRequest = [...(own === undefined ? [] : [own].flat()), answerFromMemory];
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const version = request.readCacheVersion;
      if (version === null || !request.user) return;
      if (reply.statusCode !== 200 || typeof payload !== 'string') return;
      answers.set(keyOf(request.user.id, request.url), payload, version);
    });
  },
  { name: 'read-cache' },
);
