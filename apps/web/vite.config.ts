import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { brandPlugin, resolveBrandDir } from './vite-plugins/brand-plugin.ts';
import { versionPlugin } from './vite-plugins/version-plugin.ts';

const brandDir = resolveBrandDir(
  fileURLToPath(new URL('./brands/', import.meta.url)),
  process.env.BRAND,
);
const apiTarget = `http://127.0.0.1:${process.env.SERVER_PORT ?? '8080'}`;
// Node loads this config without a TypeScript loader for workspace packages, so the contracts'
// APP_VERSION is read from its source rather than imported.
const constantsSource = readFileSync(
  fileURLToPath(new URL('../../packages/contracts/src/constants.ts', import.meta.url)),
  'utf8',
);
const appVersion = /APP_VERSION = '([^']+)'/.exec(constantsSource)?.[1] ?? '0.0.0';
const build = { version: appVersion, timestamp: Date.now() };

// GET /account is the SPA's account page; only its API calls (and non-GET requests) go to the server.
const accountProxy: ProxyOptions = {
  target: apiTarget,
  bypass: (req) =>
    req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
};

export default defineConfig({
  plugins: [react(), brandPlugin(brandDir), versionPlugin(build)],
  resolve: {
    alias: {
      '@/': fileURLToPath(new URL('./src/', import.meta.url)),
      '@brands/': fileURLToPath(new URL('./brands/', import.meta.url)),
      '@brand/': `${brandDir}/`,
    },
  },
  define: {
    __BUILD_VERSION__: JSON.stringify(build.version),
    __BUILD_TIMESTAMP__: JSON.stringify(build.timestamp),
  },
  build: {
    rolldownOptions: {
      // Our modules only declare things: one that nothing uses is dropped with its imports, even
      // behind a barrel (formatDateTime from '@/components/data-table' must not bring the table).
      // A module run for its effect alone (`import './x'`) would be dropped too: there is none.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]apps[\\/]web[\\/]src[\\/].*\.tsx?$/, sideEffects: false },
        ],
      },
      output: {
        // Vendor code changes less often than ours; separate chunks stay cached across deploys.
        // Only for what the first page needs: vendor code used by lazy pages alone (schema form,
        // table, maps, charts) stays in their chunks instead of loading up front.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              tags: ['$initial'],
              priority: 3,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/]@mantine[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget },
      // socket.io (spec §7 Realtime): long-polling and the WebSocket upgrade.
      '/status/socket.io': { target: apiTarget, ws: true },
      '/account': accountProxy,
    },
  },
});
