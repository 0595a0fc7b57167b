import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip as gzipCb } from 'node:zlib';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCb);
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } };

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
          // Compressed here: @fastify/compress hooks routes, and this handler is none (the
          // prerendered landing page is about 20 KB, 4 KB compressed).
          const html = await readFile(path.join(opts.distDir, page));
          const accepted = String(request.headers['accept-encoding'] ?? '');
          reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
          if (/\bbr\b/.test(accepted))
            return reply.header('content-encoding', 'br').send(await brotli(html, BROTLI));
          if (/\bgzip\b/.test(accepted))
            return reply.header('content-encoding', 'gzip').send(await gzip(html));
          return reply.send(html);
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
