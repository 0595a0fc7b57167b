import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '@selah/shared/schemas/auth';
import { clearPageCookie, pageCookie } from '../modules/auth/page-cookie.ts';
import { presentUser } from '../modules/users/users.presenter.ts';

/** What the web app's build writes into `<dist>/.ssr/` (apps/web/vite.config.ts, `serverRenderBuild`). */
const RENDERER = path.join('.ssr', 'server-render.js');
const TEMPLATE = path.join('.ssr', 'page.html');
const APP_HTML_MARK = '<!--app-html-->';
const APP_STATE_MARK = '<!--app-state-->';
const TITLE = /<title>[^<]*<\/title>/;
/** Where the API is mounted (app.ts) and the web app calls it (its default API_URL). */
const API = '/api';

/** apps/web/src/app/server-render.tsx, as built. */
interface RendererModule {
  pageReads(pathname: string): string[] | null;
  renderPage(input: {
    url: string;
    user: User;
    data: Record<string, unknown>;
  }): Promise<{ html: string; title: string | null; state: string } | null>;
}

interface Renderer {
  module: RendererModule;
  template: string;
}

/**
 * Renders the signed-in pages the web app's renderer names (the dashboard, a journal) with the
 * user's data, for a browser that sent the page cookie (ADR 033): the page paints, data
 * included, from its HTML, before any JS has loaded. The session is checked as the API checks
 * a bearer token, and the data comes from the API itself (`app.inject`, as that user): the same
 * checks, answers and plan limits as the app's own reads. Anything short of a full answer (no build, no
 * cookie, a session that has ended, a read that fails) gives null: the plain SPA page, which
 * loads and shows everything itself, as before.
 */
export function createServerRenderer(app: FastifyInstance, distDir: string, secure: boolean) {
  let loading: Promise<Renderer | null> | undefined;
  const load = (log: FastifyBaseLogger) => {
    loading ??= Promise.all([
      import(pathToFileURL(path.join(distDir, RENDERER)).href) as Promise<RendererModule>,
      readFile(path.join(distDir, TEMPLATE), 'utf8'),
    ]).then(
      ([module, template]) =>
        typeof module.pageReads === 'function' &&
        typeof module.renderPage === 'function' &&
        template.includes(APP_HTML_MARK) &&
        template.includes(APP_STATE_MARK)
          ? { module, template }
          : null,
      (error: unknown) => {
        log.warn(
          { err: error },
          'no server renderer in the web build: pages render in the browser',
        );
        return null;
      },
    );
    return loading;
  };

  /** Answers a GET of `path` under the API as the cookie's user: the JSON, or null. */
  const read = async (request: FastifyRequest, token: string, apiPath: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `${API}${apiPath}`,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        'user-agent': request.headers['user-agent'] ?? '',
      },
      remoteAddress: request.ip,
    });
    return response.statusCode === 200 ? response.json<unknown>() : null;
  };

  /** The page at `request.url` rendered for its user, or null (see above). */
  return async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
  ): Promise<string | null> {
    const token = pageCookie(request, secure);
    if (!token || token.length > 2048) return null;
    const renderer = await load(request.log);
    const reads = renderer?.module.pageReads(pathname);
    if (!renderer || !reads) return null;
    try {
      const session = await app.services.auth.authenticate(token);
      if (!session) {
        // An ended session: forget the cookie, so later pages do not try again.
        clearPageCookie(reply, secure);
        return null;
      }
      const answers = await Promise.all(reads.map((apiPath) => read(request, token, apiPath)));
      if (answers.some((answer) => answer === null)) return null;
      const data = Object.fromEntries(reads.map((apiPath, i) => [apiPath, answers[i]]));
      const user = presentUser(session.user);
      const page = await renderer.module.renderPage({ url: request.url, user, data });
      if (!page) return null;
      return renderer.template
        .replace(TITLE, (title) => (page.title ? `<title>${page.title}</title>` : title))
        .replace(APP_HTML_MARK, () => page.html)
        .replace(APP_STATE_MARK, () => page.state);
    } catch (error) {
      request.log.error({ err: error }, 'server rendering failed: the page renders in the browser');
      return null;
    }
  };
}
