import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { endpointPaths } from './vite-endpoint-paths';
import { inlineEntryCss } from './vite-inline-entry-css';
import { layoutModulesOf } from './src/app/page-access';
import { PAGE_DATA, PAGE_QUERY_MODULES } from './src/app/page-data';
import type { AppPath } from './src/app/route-list';
import { pagePreloads } from './vite-page-preloads';
import { playerPwa } from './vite-player-pwa';
import { precompress } from './vite-precompress';

/** Where the API server listens in development (`npm run dev -w apps/server`). */
const API_TARGET = 'http://localhost:3000';

/** The modules of the `core` chunk: React and the app's own foundations (decision 0053). */
const CORE_MODULES = new RegExp(
  [
    String.raw`node_modules/(react|react-dom|scheduler)/`,
    String.raw`src/lib/(router|query)/`,
    String.raw`src/lib/(i18n|api-client|api-error|error-body|error-text)\.ts$`,
    String.raw`src/lib/locales/(errors|error-details|it/account|it/player)\.ts$`,
  ].join('|'),
);

export default defineConfig({
  plugins: [
    react(),
    endpointPaths(),
    inlineEntryCss(),
    pagePreloads(
      fileURLToPath(new URL('./src/app/router.tsx', import.meta.url)),
      PAGE_DATA,
      (pattern) => layoutModulesOf(pattern as AppPath),
      PAGE_QUERY_MODULES,
    ),
    playerPwa(),
    // Last: it also compresses what the plugins before it wrote (sw.js).
    precompress(),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The bundle budget check (bench/src/bundle-size.ts) reads which chunks each page loads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Shared chunks under 8 KB of source (most are a few hundred bytes) go into the chunks
          // that use them: each file costs a round trip on a weak connection (decision 0036).
          // With the `core` group a player page loads in 4–5 JavaScript files (decision 0053).
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
          groups: [
            {
              // What every player page runs, in one file (one request, one compression stream):
              // React, the router, the phone's query cache, the API client and the texts.
              name: 'core',
              test: CORE_MODULES,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // `ws`: the fixes' socket (decision 0089) too.
      '/api': { target: API_TARGET, ws: true },
      '/files': API_TARGET,
    },
  },
});
