import { defineConfig } from 'vitest/config';

/** One run covers every workspace; `TEST_DB=postgres` switches the server project to PostgreSQL. */
export default defineConfig({
  test: {
    projects: [
      'packages/domain/vitest.config.ts',
      'packages/contracts/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
