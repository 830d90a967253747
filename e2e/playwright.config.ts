import { defineConfig } from '@playwright/test';

/** Journeys in Debian's Chromium against the real server started by `global-setup.ts`. */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [
    // Player pages are for phones; the administration is for desktops.
    {
      name: 'phone',
      testMatch: /(landing|player)\.spec\.ts/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    {
      name: 'desktop',
      testIgnore: /player\.spec\.ts/,
      use: { viewport: { width: 1366, height: 768 } },
    },
  ],
});
