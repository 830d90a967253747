import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { playerPwa } from './player-pwa';

/** Where the API server listens in development (`npm run dev -w apps/server`). */
const API_TARGET = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), playerPwa()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The bundle budget check (bench/src/bundle-size.ts) reads which chunks each page loads.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': API_TARGET,
      '/files': API_TARGET,
    },
  },
});
