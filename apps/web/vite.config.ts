import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineEntryCss } from './vite-inline-entry-css';
import { PAGE_DATA } from './src/app/route-list';
import { pagePreloads } from './vite-page-preloads';
import { playerPwa } from './vite-player-pwa';
import { precompress } from './vite-precompress';
import { shakeableRouter } from './vite-shakeable-router';

/** Where the API server listens in development (`npm run dev -w apps/server`). */
const API_TARGET = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    shakeableRouter(),
    inlineEntryCss(),
    pagePreloads(fileURLToPath(new URL('./src/app/router.tsx', import.meta.url)), PAGE_DATA),
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
          // that use them: a player page loads in 8 JavaScript files instead of 24, and each
          // file costs a round trip on a weak connection (decision 0036).
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': API_TARGET,
      '/files': API_TARGET,
    },
  },
});
