import { defineConfig } from '@playwright/test';
import { FAKE_CAMERA_VIDEO } from './fixtures';

/**
 * Debian's Chromium 156 builds its own address bar's popup (a WebUI page of about 400 modules)
 * for every new window, headless too: about 2 s of one core's CPU beside each test's page.
 */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

/** Journeys in Debian's Chromium against the real server started by `global-setup.ts`. */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The runner's guard, not a measure: the longest journeys take 20–25 s on an idle machine, and
  // two passed 30 s while other work shared the machine.
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // Player pages are for phones; the administration is for desktops.
    {
      name: 'phone',
      testMatch: /(landing|player|handoff|offline|pause-on-leave|first-load)\.spec\.ts/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    {
      // Gameplay films a QR code through Chromium's fake camera (written by global-setup.ts).
      name: 'gameplay',
      testMatch: /gameplay\.spec\.ts/,
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            ...CHROMIUM_ARGS,
            '--use-fake-device-for-media-stream',
            `--use-file-for-fake-video-capture=${FAKE_CAMERA_VIDEO}`,
          ],
        },
      },
    },
    {
      name: 'desktop',
      testIgnore: /(player|handoff|gameplay|offline|pause-on-leave|first-load)\.spec\.ts/,
      use: { viewport: { width: 1366, height: 768 } },
    },
  ],
});
