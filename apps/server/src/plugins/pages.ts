import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import middie from '@fastify/middie';
import { createUrl, fastifyReactRouter } from '@mcansh/react-router-fastify';
import type { User } from '@selah/shared/schemas/auth';
import fp from 'fastify-plugin';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import { type RouterContext, RouterContextProvider, type ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import type { UserRow } from '../db/schema/index.ts';
import { AppError, badRequest } from '../lib/app-error.ts';
import { clearPageCookie, pageCookie } from '../modules/auth/page-cookie.ts';
import { presentUser } from '../modules/users/users.presenter.ts';
import type { Services } from '../services.ts';

/**
 * What a page's route loader gets from the server (apps/web/src/app/page-context.ts): the
 * services to call as the signed-in user, that user, the response's CSP nonce and the request's
 * logger (docs/decisions/045).
 */
export interface PageContext {
  services: Services;
  /** The user of the request's page cookie (a live session), as services take a user. */
  viewer: UserRow | null;
  /** The same user as GET /api/auth/me presents them. */
  user: User | null;
  /** This response's CSP nonce: every inline script of the page carries it. */
  nonce: string;
  log: FastifyBaseLogger;
}

/** The web build's server entry (apps/web/src/app/entry.server.tsx) exports the context token. */
type WebBuild = ServerBuild & {
  entry: { module: ServerBuild['entry']['module'] & { pageContext?: RouterContext<unknown> } };
};

export interface PagesOptions {
  /** The web app's build (`client/`, `server/index.js`): WEB_DIST_DIR, else apps/web/dist. */
  distDir: string;
  /** Development (`npm run dev`): apps/web, served by Vite's dev server instead of a build. */
  devRoot?: string | undefined;
  secureCookies: boolean;
  services: Services;
}

/** Every `<script` tag of a prerendered page (the build's own HTML, nothing from users). */
const SCRIPT_TAG = /<script(?=[\s>])/g;

/** The API's paths (app.ts mounts it at /api). */
const API_PATH = /^\/api(\/|\?|$)/;

/** A file's path (an extension; React Router's own `.data` requests are pages' data). */
const FILE_PATH = /\.(?!data$)[^./]+$/;

/**
 * What a page answers: no route module of the web app has an `action`, so no page takes a body
 * (docs/decisions/053).
 */
const PAGE_METHODS = new Set(['GET', 'HEAD']);

/** Pages are cheap to ask for and costly to render: a tighter limit than the API's. */
const PAGE_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

/**
 * Serves the web app with React Router's framework mode (docs/decisions/045), after the API:
 *
 * - the browser's files of the build (`client/`) through @fastify/static, hashed assets with
 *   year-long immutable caching, precompressed (.br, .gz) when the build wrote them;
 * - the pages the build prerendered ("/", "/login"), each with this response's nonce put into
 *   its script tags;
 * - every other page through React Router's request handler (the adapter's catch-all route),
 *   whose loaders get a `PageContext`: the page cookie's user, checked as the API checks a
 *   bearer token.
 *
 * A page rendered for a signed-in user is `private, no-store`; other pages are `no-cache`. Paths
 * under /api that no API route answers get the API's JSON 404, as does everything when there is
 * no build. A page path asked with another method than GET or HEAD gets 405 with `Allow`.
 */
export const pagesPlugin = fp(servePages, { name: 'pages' });

async function servePages(app: FastifyInstance, opts: PagesOptions): Promise<void> {
  const apiNotFound = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    return reply.status(404).send({
      message: `Route ${request.method} ${request.url.split('?')[0]} not found.`,
      code: 'NOT_FOUND',
      requestId: request.id,
    });
  };
  app.setNotFoundHandler(apiNotFound);

  const serverBuild = path.join(opts.distDir, 'server', 'index.js');
  const clientDir = path.join(opts.distDir, 'client');
  let vite: ViteDevServer | undefined;
  let build: () => Promise<WebBuild>;
  if (opts.devRoot) {
    const { createServer, isRunnableDevEnvironment } = await import('vite');
    const devServer = await createServer({
      root: opts.devRoot,
      configFile: path.join(opts.devRoot, 'vite.config.ts'),
      // Hot reloading's socket on the server's own port: the CSP allows 'self' only.
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: 'custom',
    });
    vite = devServer;
    app.addHook('onClose', () => devServer.close());
    await app.register(middie);
    app.use(devServer.middlewares);
    const ssr = devServer.environments.ssr;
    if (!isRunnableDevEnvironment(ssr))
      throw new Error("Vite's SSR environment cannot run modules");
    // Loaded as the adapter loads it (the same module, so the same pageContext token).
    build = () => ssr.runner.import<WebBuild>('virtual:react-router/server-build');
  } else if (existsSync(serverBuild)) {
    const loaded = (await import(pathToFileURL(serverBuild).href)) as WebBuild;
    build = async () => loaded;
  } else {
    app.log.warn(`web app not built (${serverBuild} missing): only the API is served`);
    return;
  }

  const getLoadContext = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = (await build()).entry.module.pageContext;
    if (!token) throw new Error('the web build exports no pageContext (entry.server.tsx)');
    const viewer = await signedInUser(request, reply, opts);
    // Which page a URL gets depends on the page cookie; a page made for a user is theirs alone.
    reply.header('cache-control', viewer ? 'private, no-store' : 'no-cache');
    reply.header('vary', 'cookie');
    const page: PageContext = {
      services: opts.services,
      viewer,
      user: viewer && presentUser(viewer),
      nonce: reply.cspNonce,
      log: request.log,
    };
    const context = new RouterContextProvider();
    context.set(token, page);
    return context;
  };

  const routeOptions: RouteShorthandOptions = {
    // The catch-all route below matches every path and method: one under /api that no API
    // route took, or a file the build does not have (an old page's chunk after a new release),
    // is a 404. Any other method than a page's is refused here, before its body is read: the
    // adapter would hand the page the raw request stream as its body (ADR 053); Node discards
    // the unread body, so the connection stays usable. A request whose URL (as the adapter
    // builds it from the Host header and the target) does not parse is refused too.
    onRequest: async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (API_PATH.test(pathname) || FILE_PATH.test(pathname)) return reply.callNotFound();
      if (!PAGE_METHODS.has(request.method)) {
        throw new AppError('METHOD_NOT_ALLOWED', 'Pages answer GET and HEAD only.', {
          headers: { allow: [...PAGE_METHODS].join(', ') },
        });
      }
      if (!isPageUrl(request))
        throw badRequest('The request target or its Host header is not a valid URL.');
    },
    preHandler: app.rateLimit(PAGE_RATE_LIMIT),
  };
  if (!vite) await servePrerendered(app, await build(), clientDir, routeOptions);
  await app.register(fastifyReactRouter, {
    devServer: vite,
    build,
    clientBuildDirectory: clientDir,
    getLoadContext,
    routeOptions,
    fileCacheControl: 'no-cache',
    // The prerendered pages are served above (they need this response's nonce).
    staticOptions: { preCompressed: true, index: false, globIgnore: ['**/*.html'] },
  });
}

/**
 * A Host header (or a trusted proxy's forwarded host) as it names a server: a name or an address
 * in brackets, and a port; nothing that would move into the URL's path, query or user part.
 */
const HOST = /^(?:[a-z0-9._-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Whether the URL the adapter builds for React Router from the Host header (or a trusted proxy's
 * forwarded host and protocol) and the target is one a web `Request` takes: an origin-form
 * target ("/..."), a bare host (a path in the Host header would change the page rendered), a
 * URL that parses, no user name or password in it.
 */
function isPageUrl(request: FastifyRequest): boolean {
  if (!request.url.startsWith('/') || !HOST.test(request.host)) return false;
  const url = URL.parse(createUrl(request));
  return url !== null && url.username === '' && url.password === '';
}

/**
 * The user of the request's page cookie, when it names a live session (checked as the API
 * checks a bearer token, and counted as activity like an API call). An ended session's cookie
 * is cleared, so later pages do not try it again, and so is what the browser stored of that
 * session (its bearer token, the user, under the spec's storage keys): `Clear-Site-Data` does it
 * as the browser takes this answer, before any page or script of ours runs, as the app's own
 * sign-out would (spec-1 §2 "Logout" clears all local storage).
 */
async function signedInUser(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: PagesOptions,
): Promise<UserRow | null> {
  const token = pageCookie(request, opts.secureCookies);
  if (!token || token.length > 2048) return null;
  const session = await opts.services.auth.authenticate(token);
  if (!session) {
    clearPageCookie(reply, opts.secureCookies);
    reply.header('clear-site-data', '"storage"');
    return null;
  }
  opts.services.auth.noteActivity(session.user);
  return session.user;
}

/**
 * The pages the build prerendered (react-router.config.ts `prerender`): the same HTML for every
 * visitor, read once, sent with this response's nonce on each of its scripts (the build's own,
 * which the CSP would otherwise refuse).
 */
async function servePrerendered(
  app: FastifyInstance,
  build: ServerBuild,
  clientDir: string,
  routeOptions: RouteShorthandOptions,
): Promise<void> {
  for (const pagePath of build.prerender) {
    const html = await readFile(path.join(clientDir, pagePath, 'index.html'), 'utf8');
    app.get(pagePath, routeOptions, async (_request, reply) => {
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      return html.replace(SCRIPT_TAG, `<script nonce="${reply.cspNonce}"`);
    });
  }
}
