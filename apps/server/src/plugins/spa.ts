import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip as gzipCb } from 'node:zlib';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createServerRenderer } from './server-render.ts';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCb);
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } };

/** Written by the web app's build (apps/web/vite.config.ts, `routePreloads`). */
const ROUTE_PRELOADS = path.join('.vite', 'route-preloads.json');
/** Only hashed JS under /assets/ goes into a page (nothing from the file is echoed unchecked). */
const ASSET_JS = /^\/assets\/[\w.-]+\.js$/;

/** A prerendered page's file, next to index.html. */
const PAGE_HTML = /^[a-z-]+\.html$/;

interface RoutePreloads {
  routes: { pattern: string; files: string[]; html?: string }[];
}

/** Whether `pathname` matches a router pattern such as `/journal/:id` (one segment per param). */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.replace(/(.)\/$/, '$1').split('/');
  return (
    want.length === have.length &&
    want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part === have[i]))
  );
}

/** The paint-first script of a prerendered page and the modules it fetches after the paint. */
const DEFERRED_PRELOADS = /(<script data-entry="[^"]+" data-preload=")([^"]*)"/;

/**
 * The SPA's HTML for `pathname`: index.html, or the page's prerendered copy when the build made
 * one (`html`, e.g. login.html), or the page the server rendered for the user (`rendered`,
 * plugins/server-render.ts), with the JS files of the page's route modules (the build's table)
 * fetched early: a `<link rel="modulepreload">` each in <head>, so the browser fetches them
 * beside the entry instead of after it has run; on a prerendered or server-rendered page, which
 * paints without them, they join its paint-first script's `data-preload` and are fetched after
 * that paint (ADR 032). A missing or unreadable table gives the page as it is: the app loads
 * them itself, later.
 */
async function spaPage(
  distDir: string,
  pathname: string,
  rendered: string | null,
): Promise<Buffer> {
  const index = async () => rendered ?? (await readFile(path.join(distDir, 'index.html'), 'utf8'));
  let table: RoutePreloads;
  try {
    table = JSON.parse(await readFile(path.join(distDir, ROUTE_PRELOADS), 'utf8')) as RoutePreloads;
  } catch {
    return Buffer.from(await index());
  }
  const route = table.routes?.find((r) => matchesPattern(r.pattern, pathname));
  if (!route) return Buffer.from(await index());
  const prerendered =
    rendered ??
    (typeof route.html === 'string' && PAGE_HTML.test(route.html)
      ? await readFile(path.join(distDir, route.html), 'utf8').catch(() => null)
      : null);
  const html = prerendered ?? (await index());
  const deferred = prerendered ? DEFERRED_PRELOADS.exec(html) : null;
  const known = new Set(deferred?.[2]?.split(' '));
  const files = (route.files ?? []).filter(
    (file) =>
      typeof file === 'string' &&
      ASSET_JS.test(file) &&
      !html.includes(`"${file}"`) &&
      !known.has(file),
  );
  if (files.length === 0) return Buffer.from(html);
  if (deferred)
    return Buffer.from(
      html.replace(
        DEFERRED_PRELOADS,
        (_all, start: string, list: string) =>
          `${start}${[list, ...files].filter(Boolean).join(' ')}"`,
      ),
    );
  if (!html.includes('</head>')) return Buffer.from(html);
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);
  return Buffer.from(html.replace('</head>', `${links.join('\n')}\n</head>`));
}

/**
 * Serves the built web app: hashed assets with year-long immutable caching (precompressed
 * .br/.gz when present), index.html with no-cache for every other non-API GET (deep links),
 * except "/", which gets landing.html (the landing page, prerendered, without the SPA).
 * SPA pages get modulepreload links for their route chunks, and a prerendered copy of
 * index.html when the build made one (`spaPage`).
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, opts: { distDir: string; secureCookies: boolean }) => {
    const index = path.join(opts.distDir, 'index.html');
    const hasBuild = existsSync(index);
    // "/" gets the landing page's own prerendered build when there is one (apps/web/vite.config.ts).
    const hasLanding = hasBuild && existsSync(path.join(opts.distDir, 'landing.html'));
    const renderForUser = createServerRenderer(app, opts.distDir, opts.secureCookies);
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
          const landing = url === '/' && hasLanding;
          // A page rendered for the user is theirs alone: never stored, by any cache.
          const rendered =
            !landing && request.method === 'GET' ? await renderForUser(request, reply, url) : null;
          reply.header('cache-control', rendered ? 'private, no-store' : 'no-cache');
          // Compressed here: @fastify/compress hooks routes, and this handler is none (the
          // prerendered landing page is about 20 KB, 4 KB compressed).
          const html = landing
            ? await readFile(path.join(opts.distDir, 'landing.html'))
            : await spaPage(opts.distDir, url, rendered);
          const accepted = String(request.headers['accept-encoding'] ?? '');
          // Which page a URL gets depends on the page cookie (plugins/server-render.ts).
          reply.header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
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
