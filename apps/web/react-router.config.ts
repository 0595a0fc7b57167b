import type { Config } from '@react-router/dev/config';

/**
 * React Router's framework mode (docs/decisions/045): the routes of src/app/routes.ts, rendered
 * on the server by apps/server (plugins/pages.ts), "/" and "/login" prerendered to HTML at build
 * time. The build goes to `WEB_DIST_DIR` when set (the server reads the same variable), else
 * `dist/`: `dist/client` (the browser's files) and `dist/server/index.js` (the renderer).
 */
export default {
  appDirectory: 'src/app',
  buildDirectory: process.env.WEB_DIST_DIR ?? 'dist',
  ssr: true,
  prerender: ['/', '/login'],
} satisfies Config;
