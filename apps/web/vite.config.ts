import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where the dev and preview servers forward `/api` (the Fastify server). */
const API_TARGET = process.env.SELAH_API_URL ?? 'http://127.0.0.1:3000';
const apiProxy = { '/api': { target: API_TARGET } };

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
