// The front end's size budgets, measured on the web app's React Router build:
//   node bench/bundle-size.ts [distDir]   (default: builds apps/web into a temporary folder)
// Sizes are gzip level 9 of the minified files, as browsers receive them.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'apps/web');

/**
 * Issue 7's budgets (KB gzip), which CI enforces (bench/test/web-assets.test.ts). The landing page
 * loads none of the app's JS (prerendered, not hydrated: docs/decisions/045), the shell loads
 * sonner, menus, popovers and dialogs after its first render
 * (docs/decisions/021-initial-bundle-and-lighthouse.md).
 */
export const BUDGETS_KB = {
  /** JS the landing page (/) loads: the files its prerendered HTML names. */
  landing: 90,
  /**
   * JS of the signed-in shell and its first page (the dashboard). 200 until issue 29, whose
   * live invalidation, toast cap and welcome brought it to 201.6: a gap written down in
   * docs/decisions/062-shell-budget-after-everyday-use.md, with the way back.
   */
  shell: 202,
  /** Any route module's own chunk. */
  route: 60,
} as const;

/** The browser's route manifest of the build (React Router's `window.__reactRouterManifest`). */
interface RouteManifest {
  entry: { module: string; imports?: string[] };
  routes: Record<
    string,
    {
      module: string;
      imports?: string[];
      clientLoaderModule?: string;
      clientActionModule?: string;
      clientMiddlewareModule?: string;
      hydrateFallbackModule?: string;
    }
  >;
}

export interface BundleReport {
  landing: { kb: number; files: string[] };
  shell: { kb: number; files: string[] };
  /**
   * The route manifest every page that loads the app loads too (`routeDiscovery: 'initial'`):
   * data rather than code, reported next to the shell and outside its budget (with the
   * framework's lazy discovery the browser fetched about as much of it from /__manifest).
   */
  routeManifest: { kb: number; file: string };
  routes: { id: string; file: string; kb: number }[];
  /** Every JS file with its gzip size (KB), largest first. */
  files: { file: string; kb: number }[];
  /** Budgets exceeded (issue 7's numbers, what CI fails on). */
  breaches: string[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The file of the route manifest the build wrote: `/assets/manifest-<hash>.js`. */
function routeManifestFile(distDir: string): string {
  const assets = path.join(distDir, 'client', 'assets');
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no route manifest in ${assets}: build the web app first`);
  return `/assets/${file}`;
}

/** The route manifest the build wrote into `client/assets/manifest-<hash>.js`. */
export function readRouteManifest(distDir: string): RouteManifest {
  const text = readFileSync(path.join(distDir, 'client', routeManifestFile(distDir)), 'utf8');
  return JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '')) as RouteManifest;
}

/** The JS files a prerendered page names (modulepreload links and imports), in its order. */
export function pageScripts(html: string): string[] {
  return [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]))];
}

/** Measures the budgets on the build in `distDir` (`client/`, `server/`). */
export function analyzeBundle(distDir: string): BundleReport {
  const client = path.join(distDir, 'client');
  const manifest = readRouteManifest(distDir);
  const sizes = new Map<string, number>();
  const gz = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(client, file)), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
  const total = (files: string[]) => kb(files.reduce((sum, f) => sum + gz(f), 0));
  /** The JS a route needs before it renders: its module, its imports, its client loader. */
  const routeFiles = (id: string) => {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the build's manifest`);
    return [
      route.module,
      ...(route.imports ?? []),
      ...[route.clientLoaderModule, route.clientMiddlewareModule].filter(
        (file): file is string => typeof file === 'string',
      ),
    ];
  };
  const landingFiles = pageScripts(readFileSync(path.join(client, 'index.html'), 'utf8'));
  const shellFiles = [
    ...new Set([
      manifest.entry.module,
      ...(manifest.entry.imports ?? []),
      ...['root', 'protected', 'routes/app/pages', 'routes/app/dashboard'].flatMap(routeFiles),
    ]),
  ];
  const routes = Object.entries(manifest.routes)
    .map(([id, route]) => ({ id, file: route.module, kb: kb(gz(route.module)) }))
    .sort((a, b) => b.kb - a.kb);
  const files = readdirSync(path.join(client, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `/assets/${name}`)
    .map((file) => ({ file, kb: kb(gz(file)) }))
    .sort((a, b) => b.kb - a.kb);
  const landing = { kb: total(landingFiles), files: landingFiles };
  const shell = { kb: total(shellFiles), files: shellFiles };
  const manifestFile = routeManifestFile(distDir);
  const routeManifest = { kb: total([manifestFile]), file: manifestFile };
  const breaches: string[] = [];
  if (landing.kb > BUDGETS_KB.landing)
    breaches.push(`landing page initial JS ${landing.kb} KB > ${BUDGETS_KB.landing} KB`);
  if (shell.kb > BUDGETS_KB.shell)
    breaches.push(`signed-in shell + dashboard ${shell.kb} KB > ${BUDGETS_KB.shell} KB`);
  for (const r of routes)
    if (r.kb > BUDGETS_KB.route) breaches.push(`route ${r.id} ${r.kb} KB > ${BUDGETS_KB.route} KB`);
  return { landing, shell, routeManifest, routes, files, breaches };
}

/**
 * A new folder for a build, inside apps/web (its node_modules/.cache): the server's part of the
 * build imports its dependencies from the web app's and the repository's node_modules.
 */
export function tempWebDist(): string {
  const cache = path.join(WEB, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  return mkdtempSync(path.join(cache, 'selah-web-'));
}

/** Builds apps/web into `outDir` (the real build's config, nothing else). */
export function buildWeb(outDir: string): void {
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/@react-router/dev/bin.cjs'), 'build'],
    // A production build whatever the caller runs under (Vitest sets NODE_ENV=test); the
    // config writes where WEB_DIST_DIR says.
    {
      cwd: WEB,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production', WEB_DIST_DIR: outDir },
    },
  );
  if (result.status !== 0) throw new Error(`web build failed:\n${result.stdout}\n${result.stderr}`);
}

export function formatReport(report: BundleReport): string {
  const sizeOf = (f: string) => report.files.find((x) => x.file === f)?.kb ?? 0;
  const list = (files: string[]) =>
    files
      .map((f) => ({ f, kb: sizeOf(f) }))
      .sort((a, b) => b.kb - a.kb)
      .map(({ f, kb }) => `    ${String(kb).padStart(6)} KB  ${f}`)
      .join('\n');
  return [
    `landing page initial JS: ${report.landing.kb} KB gzip (budget ${BUDGETS_KB.landing} KB)`,
    list(report.landing.files),
    `signed-in shell + dashboard: ${report.shell.kb} KB gzip (budget ${BUDGETS_KB.shell} KB)`,
    `route manifest, loaded with the shell: ${report.routeManifest.kb} KB gzip (data, outside the budget)`,
    list(report.shell.files),
    `route chunks (budget ${BUDGETS_KB.route} KB each), largest: ${report.routes
      .slice(0, 5)
      .map((r) => `${r.id} ${r.kb} KB`)
      .join(', ')}`,
    report.breaches.length === 0
      ? 'all budgets met'
      : `OVER BUDGET:\n  ${report.breaches.join('\n  ')}`,
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let dist = process.argv[2];
  let temp: string | undefined;
  if (!dist) {
    temp = tempWebDist();
    buildWeb(temp);
    dist = temp;
  }
  try {
    const report = analyzeBundle(dist);
    console.log(formatReport(report));
    process.exitCode = report.breaches.length > 0 ? 1 : 0;
  } finally {
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}
