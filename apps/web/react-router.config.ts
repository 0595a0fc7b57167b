import type { Config } from '@react-router/dev/config';

/**
 * React Router's framework mode (docs/decisions/045): the routes of src/app/routes.ts, rendered
 * on the server by apps/server (plugins/pages.ts), "/" and "/login" prerendered to HTML at build
 * time, the route manifest sent whole with the first page. The build goes to `WEB_DIST_DIR`
 * when set (the server reads the same variable), else
 * `dist/`: `dist/client` (the browser's files) and `dist/server/index.js` (the renderer).
 */
export default {
  appDirectory: 'src/app',
  buildDirectory: process.env.WEB_DIST_DIR ?? 'dist',
  ssr: true,
  prerender: ['/', '/login'],
  // Every route's manifest entry comes with the page (a few KB): the framework's default fetches
  // them after hydration for the links on screen and then renders the whole page again, one long
  // task on every signed-in page.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
