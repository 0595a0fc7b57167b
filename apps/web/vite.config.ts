import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants as zlib } from 'node:zlib';

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');

/**
 * `.br` (quality 11) and `.gz` (level 9) next to every file of the browser's build of 1 KB or
 * more, which the server sends precompressed (@fastify/static `preCompressed`) instead of
 * compressing them on every request.
 */
function precompress(): Plugin[] {
  const plugins = [
    compression({
      threshold: 1024,
      include: /\.(js|mjs|css|svg|json)$/,
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ].flat() as Plugin[];
  return plugins.map((plugin) => ({
    ...plugin,
    applyToEnvironment: (environment) => environment.name === 'client',
  }));
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), ...precompress()],
  resolve: { alias: [{ find: '@', replacement: SRC }] },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                  priority: 2,
                },
                { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
