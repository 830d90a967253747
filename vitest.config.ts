import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files run at once: one per core. Vitest's default leaves a core to itself, which on a
 * two-core machine ran every file one after another (the PGlite run took 14 min instead of 10);
 * its own work is light beside the files'.
 */
const MAX_WORKERS = Math.max(2, os.availableParallelism());

/** One run covers every workspace; `TEST_DB=postgres` switches the server project to PostgreSQL. */
export default defineConfig({
  test: {
    maxWorkers: MAX_WORKERS,
    projects: [
      'packages/domain/vitest.config.ts',
      'packages/contracts/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
