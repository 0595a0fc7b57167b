import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, createServer, defineConfig, type Plugin } from 'vite';

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
      const server = await createServer({
        configFile: CONFIG_FILE,
        root: WEB_ROOT,
        mode: LANDING_MODE,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const { renderLanding } = (await server.ssrLoadModule(
          '/src/features/landing/prerender.tsx',
        )) as { renderLanding: () => string };
        writeFileSync(file, html.replace(PRERENDER_MARK, renderLanding()));
      } finally {
        await server.close();
      }
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), precompress(), landingBuild(), prerenderLanding()],
  resolve: {
    alias: [
      // The landing page's build: plain links and no tooltips (src/features/landing/lite/).
      ...(mode === LANDING_MODE
        ? [
            { find: /^react-router$/, replacement: path.join(LITE, 'react-router.tsx') },
            { find: /^@\/components\/ui\/tooltip$/, replacement: path.join(LITE, 'tooltip.tsx') },
          ]
        : []),
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
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
        // changes rarely, so it gets a long-lived chunk of its own.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
}));
