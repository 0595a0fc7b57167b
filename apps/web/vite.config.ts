import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');

/**
 * `.br` (quality 11) and `.gz` (level 9) next to every built file of 1 KB or more, which the
 * server sends precompressed (@fastify/static `preCompressed`) instead of compressing them on
 * every request. (The server's part of the build gets them too; nothing serves those.)
 */
const precompress = compression({
  threshold: 1024,
  include: /\.(js|mjs|css|svg|json)$/,
  algorithms: [
    defineAlgorithm('brotliCompress', {
      params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
    }),
    defineAlgorithm('gzip', { level: 9 }),
  ],
  logLevel: 'silent',
});

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress],
  resolve: { alias: [{ find: '@', replacement: SRC }] },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // A zod schema nobody uses is dropped: building one (`z.object(...).refine(...)`)
          // has no effect but the value, and the shared contracts define input schemas the
          // browser never parses. `z` alone: the one zod call kept for its effect is
          // `config(...)` (lib/zod-config.ts, imported by name; web-assets.test.ts checks it).
          treeshake: { manualPureFunctions: ['z'] },
          output: {
            // Route modules get chunks of their own (React Router's build). The libraries every
            // page loads come as one file each instead of a dozen small ones split by which
            // routes also use them (fewer requests, less gzip overhead for the same bytes; the
            // signed-in shell's budget, ADRs 031 and 045); the React runtime and the router
            // change rarely and keep long-lived files of their own.
            codeSplitting: {
              groups: [
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                  priority: 2,
                },
                { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 1 },
                { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 1 },
                { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
