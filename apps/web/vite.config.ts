import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed file names under assets/ so the server can cache them forever.
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        // Routes are lazy modules (app/router.tsx) and get their own chunks; the React runtime
        // changes rarely, so it gets a long-lived chunk of its own.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
