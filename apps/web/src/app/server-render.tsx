import type { User } from '@selah/shared/schemas/auth';
import { dehydrate, type QueryKey } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import type { z } from 'zod';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import {
  dailyInspirationQueryOptions,
  dailyInspirationRead,
} from '@/features/dashboard/api/get-daily-inspiration';
import {
  dashboardStatsQueryOptions,
  dashboardStatsRead,
} from '@/features/dashboard/api/get-dashboard-stats';
import { journalQueryOptions, journalRead } from '@/features/journals/api/get-journal';
import { createQueryClient } from '@/lib/query-client';
import { ServerSessionContext } from '@/stores/auth-store';
import { AppProvider } from './provider';
import { routes } from './router';
import { SERVER_STATE_ID, type ServerState } from './server-state';

/**
 * The signed-in pages the server renders with the user's data (ADR 033), built into
 * `dist/.ssr/server-render.js` (vite.config.ts, `serverRenderBuild`) and run by the server's
 * page handler (apps/server/src/plugins/server-render.ts): the page paints from its HTML, data
 * included, before any JS has loaded, and main.tsx swaps in the live page once it has.
 *
 * Each page names the API reads its first screen waits on (the server makes them as the user),
 * and the query each one answers, so the browser starts with the same cache.
 */
interface ServerRead {
  /** Path under the API's base (`/api`), as the app requests it. */
  path: string;
  queryKey: QueryKey;
  /** The schema the app reads the answer with (api-client): the cache holds what it keeps. */
  schema: z.ZodType;
}

const SERVER_PAGES: { pattern: RegExp; reads: (match: RegExpExecArray) => ServerRead[] }[] = [
  {
    pattern: /^\/dashboard\/?$/,
    reads: () => [
      { ...dashboardStatsRead, queryKey: dashboardStatsQueryOptions().queryKey },
      { ...dailyInspirationRead, queryKey: dailyInspirationQueryOptions().queryKey },
    ],
  },
  {
    pattern: /^\/journal\/([^/]+)\/?$/,
    reads: (match) => {
      // What the router hands the page (decoded), read as the app reads it.
      const id = decodeURIComponent(match[1] ?? '');
      return [{ ...journalRead(id), queryKey: journalQueryOptions(id).queryKey }];
    },
  },
];

function readsOf(pathname: string): ServerRead[] | null {
  for (const page of SERVER_PAGES) {
    const match = page.pattern.exec(pathname);
    if (!match) continue;
    try {
      return page.reads(match);
    } catch {
      return null; // A malformed escape in the URL: the browser app answers it.
    }
  }
  return null;
}

/** The API paths the server must read, as the user, to render `pathname`; null: not rendered. */
export function pageReads(pathname: string): string[] | null {
  return readsOf(pathname)?.map((read) => read.path) ?? null;
}

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The page's title, when it sets one. */
  title: string | null;
  /** The cache the page was rendered from, as a `<script type="application/json">` for main.tsx. */
  state: string;
}

/** How React marks a Suspense boundary it left to the browser to render. */
const CLIENT_RENDERED = '<!--$!-->';

/**
 * The page's markup, whole. A lazy part (React.lazy: the memory verse card, menus) renders at
 * once when its module has loaded before in this process; before that, `renderToString` gives
 * its fallback. Then React's `prerender` loads them (it waits for lazy parts, but its own
 * markup puts them in place with inline script, which the CSP refuses), and the page is
 * rendered again. Null if a part still does not render.
 */
async function renderMarkup(page: React.ReactElement): Promise<string | null> {
  const markup = renderToString(page);
  if (!markup.includes(CLIENT_RENDERED)) return markup;
  await prerender(page);
  const again = renderToString(page);
  return again.includes(CLIENT_RENDERED) ? null : again;
}

/** `<title>` as React renders it from a page (it hoists it into <head> in the browser). */
const TITLE = /<title>([^<]*)<\/title>/;

/**
 * `url` (path and query) rendered for `user`, its reads (`pageReads`) answered by `data` (the
 * API's JSON, by path). Null when the page is not one of the server's, or a read is missing or
 * not what the app expects: the browser app then renders the page itself, as before.
 * Whole (`renderMarkup`): lazy parts such as the memory verse card included, as the live page
 * looks once they have loaded. Calls run concurrently and share
 * nothing: each has its own router and cache, and the user comes through
 * `ServerSessionContext` (the auth store is one for the whole process).
 */
export async function renderPage(input: {
  url: string;
  user: User;
  data: Record<string, unknown>;
}): Promise<RenderedPage | null> {
  const request = new Request(new URL(input.url, 'http://selah.invalid'));
  const reads = readsOf(new URL(request.url).pathname);
  if (!reads || reads.some((read) => input.data[read.path] === undefined)) return null;

  const handler = createStaticHandler(routes);
  const context = await handler.query(request);
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);

  const queryClient = createQueryClient();
  for (const read of reads) {
    const parsed = read.schema.safeParse(input.data[read.path]);
    if (!parsed.success) return null;
    queryClient.setQueryData(read.queryKey, parsed.data);
  }

  const markup = await renderMarkup(
    <ServerSessionContext value={input.user}>
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </ServerSessionContext>,
  );
  if (markup === null) return null;
  const title = TITLE.exec(markup);
  const state: ServerState = {
    userId: input.user._id,
    queries: dehydrate(queryClient),
  };
  queryClient.clear();
  return {
    html: title ? markup.replace(title[0], '') : markup,
    title: title?.[1] ?? null,
    // Inert JSON, not a script the CSP would have to allow; `<` escaped so no text in it can
    // end the element.
    state: `<script type="application/json" id="${SERVER_STATE_ID}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`,
  };
}
