import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, createServer, defineConfig, minifySync, type Plugin, type Rollup } from 'vite';
import { ROUTE_MODULES } from './src/app/route-modules.ts';

/** Where the dev and preview servers forward `/api` (the Fastify server). */
const API_TARGET = process.env.SELAH_API_URL ?? 'http://127.0.0.1:3000';
const apiProxy = { '/api': { target: API_TARGET } };

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) next to every hashed JS, CSS, SVG and JSON asset
 * of 1 KB or more, so the server sends them precompressed (@fastify/static `preCompressed`)
 * instead of compressing on every request (or not at all).
 */
function precompress(): Plugin {
  return {
    name: 'selah-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!fileName.startsWith('assets/') || !/\.(js|mjs|css|svg|json)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** Where the SPA's build writes the modulepreload table the server reads (plugins/spa.ts). */
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * Writes `.vite/route-preloads.json`: for each URL pattern of src/app/route-modules.ts, the JS
 * files its lazy route modules need (their chunks and static imports, less what index.html
 * already loads). The server puts them into that page's HTML as `<link rel="modulepreload">`,
 * so they download with the entry rather than after it has run (issue 7's LCP target).
 */
function routePreloads(): Plugin {
  return {
    name: 'selah-route-preloads',
    apply: (_config, env) => env.command === 'build' && env.mode !== LANDING_MODE,
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rollup.OutputChunk => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: Rollup.OutputChunk[]) => {
        const files = new Set<string>();
        const visit = (chunk: Rollup.OutputChunk | undefined) => {
          if (!chunk || files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          chunk.imports.forEach((file) => visit(byFile.get(file)));
        };
        start.forEach(visit);
        return files;
      };
      const inEntry = closure(chunks.filter((chunk) => chunk.isEntry));
      const routes = Object.entries(ROUTE_MODULES).map(([pattern, modules]) => {
        const start = modules.map((module) => {
          const id = path.join(WEB_ROOT, module);
          const chunk = chunks.find((c) => c.facadeModuleId === id);
          if (!chunk) throw new Error(`no chunk for ${module} (src/app/route-modules.ts)`);
          return chunk;
        });
        const files = [...closure(start)].filter((file) => !inEntry.has(file));
        return { pattern, files: files.map((file) => `/${file}`) };
      });
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify({ routes }, null, 2)}\n`,
      });
    },
  };
}

/** The classic scripts the pages run inline (`inlineScripts`, `paintFirst`): ES5, no imports. */
const HEAD_SCRIPTS = 'head';
/**
 * Where each build lists the SHA-256 of every inline script of its pages; the server allows
 * exactly those in its CSP (apps/server/src/plugins/inline-scripts.ts).
 */
const CSP_HASHES_FILE = '.vite/csp-hashes.json';

/** `head/<name>`, minified, as it goes into a page; never containing `</script`. */
function inlineScriptText(name: string): string {
  const file = path.join(WEB_ROOT, HEAD_SCRIPTS, name);
  const text = minifySync(file, readFileSync(file, 'utf8')).code.trim();
  if (/<\/script/i.test(text) || text.includes('<!--'))
    throw new Error(`${file} cannot be inlined`);
  return text;
}

/** The inline (no `src`) scripts of a page, as the browser hashes them. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * Puts `head/<name>.js` into the page where it says `<script src="/head/<name>.js"></script>`
 * (theme-init.js and early-reads.js, which must run before the first paint): as external files
 * each cost a render-blocking request. The CSP allows them by hash (`cspHashes`), never
 * 'unsafe-inline'. In development too, so the dev server runs the same text.
 */
function inlineScripts(): Plugin {
  return {
    name: 'selah-inline-scripts',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html.replace(
          /<script src="\/head\/([a-z-]+\.js)"><\/script>/g,
          (_tag, name: string) => `<script>${inlineScriptText(name)}</script>`,
        ),
    },
  };
}

/**
 * Built pages start the app's entry from `head/paint-first.js`, inlined at the end of <body>, and
 * only preload it from <head> (`<link rel="modulepreload">`, where the module script was): a
 * prerendered page is painted from its HTML and CSS before any of the app's modules runs, even
 * when they have downloaded first; an empty #root starts them at once. The landing page's build
 * also fetches its JS only after that paint (`deferPreloads`; /login's copy of index.html does
 * the same, `prerenderPages`) (ADRs 029 and 032).
 */
function paintFirst(): Plugin {
  let isLanding = false;
  return {
    name: 'selah-paint-first',
    apply: 'build',
    configResolved(config) {
      isLanding = config.mode === LANDING_MODE;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.chunk) return html;
        const entry = `/${ctx.chunk.fileName}`;
        const tag = `<script type="module" crossorigin src="${entry}"></script>`;
        if (!html.includes(tag) || !html.includes('</body>'))
          throw new Error(`${ctx.filename}: no ${tag} or </body> to start the app from`);
        const script = inlineScriptText('paint-first.js');
        const page = html
          .replace(tag, `${PRELOAD_LINK}"${entry}">`)
          .replace('</body>', `<script data-entry="${entry}">${script}</script>\n  </body>`);
        return isLanding ? deferPreloads(page, ctx.filename) : page;
      },
    },
  };
}

/** How the build writes a modulepreload link (Vite's own and `paintFirst`'s). */
const PRELOAD_LINK = '<link rel="modulepreload" crossorigin href=';

/**
 * A prerendered page paints from its HTML and CSS alone, so it fetches its JS only after that
 * paint: its modulepreload links (the entry's and those of its imports) move into `data-preload`
 * on the paint-first script, which adds them when it starts the entry. Lighthouse's simulated
 * LCP counts every request that ended before the observed LCP as blocking it, whatever its
 * priority; downloading the JS beside the stylesheet also shares a slow link with it (ADR 032).
 */
function deferPreloads(html: string, file: string): string {
  const preloads: string[] = [];
  const page = html.replace(
    /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g,
    (_link, js: string) => {
      preloads.push(js);
      return '';
    },
  );
  const start = /<script data-entry="(\/assets\/[\w.-]+\.js)">/.exec(page);
  if (!start || preloads.length === 0)
    throw new Error(`${file}: no preloads or paint-first script`);
  const later = preloads.filter((js) => js !== start[1]);
  return page.replace(
    start[0],
    `<script data-entry="${start[1]}" data-preload="${later.join(' ')}">`,
  );
}

/**
 * Writes the SHA-256 of every inline script in the pages of this build to `CSP_HASHES_FILE`
 * (the SPA's build starts it, the landing build adds its own). Hashed from the final HTML,
 * after every other transform; the prerenders copy the scripts unchanged.
 */
function cspHashes(): Plugin {
  const hashes = new Set<string>();
  let outDir = 'dist';
  let isLanding = false;
  return {
    name: 'selah-csp-hashes',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      isLanding = config.mode === LANDING_MODE;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        for (const [, text] of html.matchAll(INLINE_SCRIPT))
          hashes.add(
            `sha256-${createHash('sha256')
              .update(text ?? '', 'utf8')
              .digest('base64')}`,
          );
        return html;
      },
    },
    writeBundle() {
      const file = path.join(outDir, CSP_HASHES_FILE);
      const before =
        isLanding && existsSync(file)
          ? (JSON.parse(readFileSync(file, 'utf8')) as { scriptSrc: string[] }).scriptSrc
          : [];
      mkdirSync(path.dirname(file), { recursive: true });
      const scriptSrc = [...new Set([...before, ...hashes])].sort();
      writeFileSync(file, `${JSON.stringify({ scriptSrc }, null, 2)}\n`);
    },
  };
}

const CONFIG_FILE = fileURLToPath(import.meta.url);
const WEB_ROOT = path.dirname(CONFIG_FILE);
/** The mode of the second build, the landing page's (see `landingBuild`). */
const LANDING_MODE = 'landing';
const PRERENDER_MARK = '<!--prerendered-->';
const LITE = path.join(WEB_ROOT, 'src/features/landing/lite');

/**
 * After the SPA's build, builds landing.html (src/landing.tsx), what the server sends for "/",
 * into the same folder as a build of its own: modules shared with the SPA (react-router above
 * all) would otherwise sit in shared chunks with everything the SPA uses of them, and the
 * landing page would download them. On its own it loads react-dom and little else (90 KB
 * budget, bench/bundle-size.ts). Its manifest is `.vite/manifest-landing.json`.
 */
function landingBuild(): Plugin {
  let outDir = 'dist';
  let manifest = false;
  return {
    name: 'selah-landing-build',
    apply: (_config, env) => env.command === 'build' && env.mode !== LANDING_MODE,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      manifest = Boolean(config.build.manifest);
    },
    async closeBundle() {
      await build({
        configFile: CONFIG_FILE,
        root: WEB_ROOT,
        mode: LANDING_MODE,
        logLevel: 'warn',
        build: {
          outDir,
          emptyOutDir: false,
          manifest: manifest ? '.vite/manifest-landing.json' : false,
        },
      });
    },
  };
}

/**
 * Loads a module of the app through Vite's SSR loader (this config, in `mode`) to render pages
 * at build time; the loader's server is closed before returning (rendering is synchronous).
 */
async function ssrLoad<T>(modulePath: string, mode?: string): Promise<T> {
  const server = await createServer({
    configFile: CONFIG_FILE,
    root: WEB_ROOT,
    ...(mode ? { mode } : {}),
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    return (await server.ssrLoadModule(modulePath)) as T;
  } finally {
    await server.close();
  }
}

/**
 * Renders the landing page (src/features/landing/components/landing-app.tsx) to HTML at build
 * time and puts it into landing.html: the page paints from the HTML and its CSS alone, before
 * any JS has loaded (issue 7's LCP target).
 */
function prerenderLanding(): Plugin {
  let outDir = 'dist';
  return {
    name: 'selah-prerender-landing',
    apply: (_config, env) => env.command === 'build' && env.mode === LANDING_MODE,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const file = path.join(outDir, 'landing.html');
      const html = readFileSync(file, 'utf8');
      if (!html.includes(PRERENDER_MARK)) throw new Error(`${PRERENDER_MARK} missing from ${file}`);
      const { renderLanding } = await ssrLoad<{ renderLanding: () => string }>(
        '/src/features/landing/prerender.tsx',
        LANDING_MODE,
      );
      writeFileSync(file, html.replace(PRERENDER_MARK, renderLanding()));
    },
  };
}

/**
 * After the SPA's build, renders the pages of src/app/prerender.tsx (the same for every visitor:
 * /login) to HTML through Vite's SSR loader, each into a copy of index.html (`login.html`) that
 * fetches its JS after its first paint (`deferPreloads`), and names that file in the
 * route-preloads table, so the server sends it for that page. #root is
 * `inert` until main.tsx has replaced the markup with the live page: nothing can be typed into
 * a form that is about to be replaced.
 */
function prerenderPages(): Plugin {
  let outDir = 'dist';
  return {
    name: 'selah-prerender-pages',
    apply: (_config, env) => env.command === 'build' && env.mode !== LANDING_MODE,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const tableFile = path.join(outDir, ROUTE_PRELOADS_FILE);
      const table = JSON.parse(readFileSync(tableFile, 'utf8')) as {
        routes: { pattern: string; files: string[]; html?: string }[];
      };
      const { PRERENDERED_PAGES, renderPage } = await ssrLoad<{
        PRERENDERED_PAGES: Record<string, unknown>;
        renderPage: (path: string) => string;
      }>('/src/app/prerender.tsx');
      for (const pattern of Object.keys(PRERENDERED_PAGES)) {
        const route = table.routes.find((r) => r.pattern === pattern);
        if (!route || !/^\/[a-z-]+$/.test(pattern))
          throw new Error(`cannot prerender ${pattern} (src/app/prerender.tsx)`);
        const root = '<div id="root"></div>';
        if (!index.includes(root)) throw new Error(`${root} missing from index.html`);
        route.html = `${pattern.slice(1)}.html`;
        writeFileSync(
          path.join(outDir, route.html),
          deferPreloads(index, route.html).replace(
            root,
            `<div id="root" data-prerendered inert>${renderPage(pattern)}</div>`,
          ),
        );
      }
      writeFileSync(tableFile, `${JSON.stringify(table, null, 2)}\n`);
    },
  };
}

/** `@/...` imports: the app's src folder (this config's builds and the server renderer's). */
const SRC_ALIAS = { find: '@', replacement: path.join(WEB_ROOT, 'src') };

/** Where the SPA's build puts the server's renderer and page template (a dot folder: not served). */
const SERVER_RENDER_DIR = '.ssr';
/** Where the server puts a rendered page's markup and data into `page.html`. */
const APP_HTML_MARK = '<!--app-html-->';
const APP_STATE_MARK = '<!--app-state-->';

/**
 * After the SPA's build, builds src/app/server-render.tsx for Node, all dependencies bundled in,
 * into `dist/.ssr/server-render.js`, and writes `dist/.ssr/page.html`: index.html as a page that
 * paints before its JS (`deferPreloads`), with marks where the server puts the rendered #root
 * and its data, and without early-reads.js (the data comes with the page). The server renders
 * the signed-in pages it names with the user's data (apps/server/src/plugins/server-render.ts,
 * ADR 033).
 */
function serverRenderBuild(): Plugin {
  let outDir = 'dist';
  return {
    name: 'selah-server-render-build',
    apply: (_config, env) =>
      env.command === 'build' && env.mode !== LANDING_MODE && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const dir = path.join(outDir, SERVER_RENDER_DIR);
      await build({
        configFile: false,
        root: WEB_ROOT,
        logLevel: 'warn',
        publicDir: false,
        plugins: [react()],
        resolve: { alias: [SRC_ALIAS] },
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: path.join(WEB_ROOT, 'src/app/server-render.tsx'),
          outDir: dir,
          emptyOutDir: true,
          rolldownOptions: { output: { entryFileNames: 'server-render.js', codeSplitting: false } },
        },
      });
      const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const root = '<div id="root"></div>';
      const earlyReads = `<script>${inlineScriptText('early-reads.js')}</script>`;
      if (!index.includes(root) || !index.includes(earlyReads))
        throw new Error(`${root} or early-reads.js missing from index.html`);
      writeFileSync(
        path.join(dir, 'page.html'),
        deferPreloads(index, 'page.html')
          .replace(earlyReads, '')
          .replace(
            root,
            `<div id="root" data-prerendered inert>${APP_HTML_MARK}</div>${APP_STATE_MARK}`,
          ),
      );
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    tailwindcss(),
    inlineScripts(),
    paintFirst(),
    cspHashes(),
    precompress(),
    routePreloads(),
    prerenderPages(),
    serverRenderBuild(),
    landingBuild(),
    prerenderLanding(),
  ],
  resolve: {
    alias: [
      // The landing page's build: plain links and no tooltips (src/features/landing/lite/).
      ...(mode === LANDING_MODE
        ? [
            { find: /^react-router$/, replacement: path.join(LITE, 'react-router.tsx') },
            { find: /^@\/components\/ui\/tooltip$/, replacement: path.join(LITE, 'tooltip.tsx') },
          ]
        : []),
      SRC_ALIAS,
    ],
  },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed file names under assets/ so the server can cache them forever.
    assetsDir: 'assets',
    rolldownOptions: {
      // The SPA; the landing page (src/landing.tsx) is a second build, see `landingBuild`.
      input: path.join(WEB_ROOT, mode === LANDING_MODE ? 'landing.html' : 'index.html'),
      output: {
        // Routes are lazy modules (app/router.tsx) and get their own chunks; the React runtime
        // changes rarely, so it gets a long-lived chunk of its own. Everything else the entry
        // imports statically is one chunk (rolldown split it by which routes also use it, into
        // a dozen files the page needs at once), and so are the icons the routes use (one file
        // per icon before): fewer requests for the same bytes (ADR 031).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 2,
            },
            { name: 'initial', tags: ['$initial'], priority: 1 },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
            // lazyDialog and the features' lazy dialog wrappers: a few hundred bytes that most
            // pages import, one file instead of one per feature (ADR 032).
            {
              name: 'lazy-dialogs',
              test: /src[\\/].*[\\/]lazy-dialogs?\.tsx?$/,
            },
          ],
        },
      },
    },
  },
}));
