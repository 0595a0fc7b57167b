// A stand-in for the web app's React Router server build (apps/web/dist/server/index.js), for
// the server's tests of plugins/pages.ts: the same contract, tiny pages made from what the
// server hands the build. The real build is tested in bench/test/web-assets.test.ts.
import { createContext, redirect } from 'react-router';

/** The token the server fills for loaders (apps/web/src/app/page-context.ts). */
const pageContext = createContext(null);

const escape = (text) => String(text).replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

export const entry = {
  module: {
    pageContext,
    // The document: every inline script carries the response's nonce, as entry.server.tsx does.
    default(_request, status, headers, routerContext, loadContext) {
      const page = loadContext.get(pageContext);
      const data = routerContext.staticHandlerContext.loaderData;
      const nonce = page?.nonce ? ` nonce="${page.nonce}"` : '';
      headers.set('content-type', 'text/html; charset=utf-8');
      return new Response(
        `<!doctype html><html><head><script${nonce}>window.a = 1;</script></head><body>` +
          `<main>${escape(JSON.stringify(data))}</main><script${nonce} type="module">import "/assets/entry-abc123.js";</script></body></html>`,
        { status, headers },
      );
    },
  },
};

/** The signed-in user's page, as a signed-in route's loader reads it. */
function whoami({ context, request }) {
  const page = context.get(pageContext);
  if (!page?.user)
    throw redirect(`/login?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  return {
    email: page.user.email,
    viewer: page.viewer.id,
    hasServices: Boolean(page.services.stats),
  };
}

const Component = () => null;
export const routes = {
  root: { id: 'root', path: '', module: { default: Component } },
  'routes/whoami': {
    id: 'routes/whoami',
    parentId: 'root',
    path: 'whoami',
    module: { default: Component, loader: whoami },
  },
  'routes/public': {
    id: 'routes/public',
    parentId: 'root',
    path: 'public',
    module: { default: Component, loader: () => ({ hello: 'world' }) },
  },
  'routes/not-found': {
    id: 'routes/not-found',
    parentId: 'root',
    path: '*',
    module: { default: Component },
  },
};

const routeAssets = (id, parentId, path) => ({
  id,
  parentId,
  path,
  module: `/assets/${id}.js`,
  hasAction: false,
  hasLoader: id !== 'root',
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
});

export const assets = {
  entry: { module: '/assets/entry-abc123.js', imports: [], css: [] },
  routes: {
    root: routeAssets('root', undefined, ''),
    'routes/whoami': routeAssets('routes/whoami', 'root', 'whoami'),
    'routes/public': routeAssets('routes/public', 'root', 'public'),
    'routes/not-found': routeAssets('routes/not-found', 'root', '*'),
  },
  url: '/assets/manifest-1.js',
  version: '1',
};

export const basename = '/';
export const publicPath = '/';
export const assetsBuildDirectory = 'client/assets';
export const future = {};
export const ssr = true;
export const isSpaMode = false;
/** Pages the build wrote to client/<path>/index.html. */
export const prerender = ['/'];
export const routeDiscovery = { mode: 'lazy', manifestPath: '/__manifest' };
