// The front end's size budgets, measured on a Vite build with a manifest:
//   node bench/bundle-size.ts [distDir]   (default: builds apps/web into a temp folder)
// Sizes are gzip level 9 of the minified files, as browsers receive them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'apps/web');

/**
 * Issue 7's budgets (KB gzip), which CI enforces (bench/test/web-assets.test.ts). The landing page
 * meets its budget as a build of its own (landing.html), the shell by loading sonner, menus,
 * popovers and dialogs after its first render
 * (docs/decisions/021-initial-bundle-and-lighthouse.md).
 */
export const BUDGETS_KB = {
  /** JS the landing page (/) loads: landing.html's entry and its static imports. */
  landing: 90,
  /** JS of the signed-in shell and its first page (the dashboard). */
  shell: 200,
  /** Any lazily loaded route's own chunk. */
  route: 60,
} as const;

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleReport {
  landing: { kb: number; files: string[] };
  shell: { kb: number; files: string[] };
  routes: { src: string; file: string; kb: number }[];
  /** Every JS file with its gzip size (KB), largest first. */
  files: { file: string; kb: number }[];
  /** Budgets exceeded (issue 7's numbers, what CI fails on). */
  breaches: string[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Reads `dist/.vite/manifest.json` and measures the budgets. */
export function analyzeBundle(distDir: string): BundleReport {
  const readManifest = (name: string) => {
    const file = path.join(distDir, '.vite', name);
    if (!existsSync(file)) throw new Error(`${file} missing: build with --manifest`);
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  };
  // The SPA (index.html), and landing.html, a build of its own that the server sends for "/".
  const manifest = readManifest('manifest.json');
  const landingManifest = readManifest('manifest-landing.json');
  const sizes = new Map<string, number>();
  const gz = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
  /** The JS files a chunk needs before it runs: itself and its static imports, recursively. */
  const closure = (keys: string[], from: Manifest = manifest) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = from[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    keys.forEach(visit);
    return [...files].filter((f) => f.endsWith('.js'));
  };
  const total = (files: string[]) => kb(files.reduce((sum, f) => sum + gz(f), 0));
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  if (entries.length === 0) throw new Error('no entry chunk in the manifest');
  const routeKey = (suffix: string) => {
    const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
    if (!key) throw new Error(`no chunk for ${suffix} in the manifest`);
    return key;
  };
  const landingEntries = Object.keys(landingManifest).filter((k) => landingManifest[k]?.isEntry);
  if (landingEntries.length === 0) throw new Error('no entry chunk in the landing manifest');
  const landingFiles = closure(landingEntries, landingManifest);
  const shellFiles = closure([
    ...entries.map(([key]) => key),
    routeKey('src/app/routes/app/root.tsx'),
    routeKey('src/app/routes/app/dashboard.tsx'),
  ]);
  const routes = Object.entries(manifest)
    .filter(([, c]) => c.isDynamicEntry && c.file.endsWith('.js'))
    .map(([key, c]) => ({ src: c.src ?? key, file: c.file, kb: kb(gz(c.file)) }))
    .sort((a, b) => b.kb - a.kb);
  const files = [
    ...new Set([...Object.values(manifest), ...Object.values(landingManifest)].map((c) => c.file)),
  ]
    .filter((f) => f.endsWith('.js'))
    .map((file) => ({ file, kb: kb(gz(file)) }))
    .sort((a, b) => b.kb - a.kb);
  const landing = { kb: total(landingFiles), files: landingFiles };
  const shell = { kb: total(shellFiles), files: shellFiles };
  const over = (limits: typeof BUDGETS_KB) => {
    const out: string[] = [];
    if (landing.kb > limits.landing)
      out.push(`landing page initial JS ${landing.kb} KB > ${limits.landing} KB`);
    if (shell.kb > limits.shell)
      out.push(`signed-in shell + dashboard ${shell.kb} KB > ${limits.shell} KB`);
    for (const r of routes)
      if (r.kb > limits.route) out.push(`route ${r.src} ${r.kb} KB > ${limits.route} KB`);
    return out;
  };
  return {
    landing,
    shell,
    routes,
    files,
    breaches: over(BUDGETS_KB),
  };
}

/** Builds apps/web with a manifest into `outDir` (the real build's config, nothing else). */
export function buildWeb(outDir: string): void {
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--manifest',
      '--logLevel',
      'warn',
    ],
    // A production build whatever the caller runs under (Vitest sets NODE_ENV=test).
    { cwd: WEB, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0)
    throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
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
    list(report.shell.files),
    `route chunks (budget ${BUDGETS_KB.route} KB each), largest: ${report.routes
      .slice(0, 5)
      .map((r) => `${path.basename(r.src)} ${r.kb} KB`)
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
    temp = mkdtempSync(path.join(os.tmpdir(), 'selah-web-build-'));
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
