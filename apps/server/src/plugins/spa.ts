import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app: hashed assets with year-long immutable caching (precompressed
 * .br/.gz when present), index.html with no-cache for every other non-API GET (deep links),
 * except "/", which gets landing.html (the landing page, prerendered, without the SPA).
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, opts: { distDir: string }) => {
    const index = path.join(opts.distDir, 'index.html');
    const hasBuild = existsSync(index);
    // "/" gets the landing page's own prerendered build when there is one (apps/web/vite.config.ts).
    const hasLanding = hasBuild && existsSync(path.join(opts.distDir, 'landing.html'));
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        prefix: '/',
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          const rel = path.relative(opts.distDir, filePath);
          reply.header(
            'cache-control',
            rel.startsWith(`assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn(`web app not built (${index} missing): only the API is served`);
    }

    app.setNotFoundHandler(
      {
        preHandler: app.rateLimit({ max: 120, timeWindow: '1 minute' }),
      },
      async (request, reply) => {
        const url = request.url.split('?')[0] ?? '/';
        const wantsPage =
          (request.method === 'GET' || request.method === 'HEAD') &&
          url !== '/api' &&
          !url.startsWith('/api/') &&
          !url.includes('/.') &&
          !path.extname(url);
        if (wantsPage && hasBuild) {
          reply.header('cache-control', 'no-cache');
          const page = url === '/' && hasLanding ? 'landing.html' : 'index.html';
          return reply.type('text/html; charset=utf-8').sendFile(page);
        }
        reply.header('cache-control', 'no-store');
        return reply.status(404).send({
          message: `Route ${request.method} ${url} not found.`,
          code: 'NOT_FOUND',
          requestId: request.id,
        });
      },
    );
  },
  { name: 'spa' },
);
