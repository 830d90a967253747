import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/**
 * How long one web test may take. Tests wait for events and states, never for time to pass, so
 * this bound only has to be loose enough for a machine whose cores are all busy (the default 5 s
 * failed correct tests there).
 */
const TEST_TIMEOUT_MS = 30_000;

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // The browser's clock of every web test, whatever the machine's: tenants' times (Rome in
    // the kits) differ from it, so screens name the zone as a viewer abroad would see it.
    env: { TZ: 'UTC' },
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: TEST_TIMEOUT_MS,
  },
});
