import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type App, type AppParts, buildApp } from '../../src/app';
import { type AppConfig, loadConfig } from '../../src/config';
import { createTestDatabase, type TestDatabase } from './database';

/** An app built on its own test database and data folder, with everything to tear it down. */
export interface TestApp {
  app: App;
  database: TestDatabase;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

/** Builds the app in-process (use `app.inject`) on a fresh database and a temporary DATA_DIR. */
export async function createTestApp(
  opts: {
    env?: NodeJS.ProcessEnv;
    webDistDir?: string;
    extend?: (app: App) => void;
    /** Another app's database: a second instance on the same data (closed by its owner). */
    database?: TestDatabase;
  } & Pick<AppParts, 'clock' | 'scoreboardPingMs' | 'paymentGateway'> = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-test-'));
  const database = opts.database ?? (await createTestDatabase());
  // On PostgreSQL the app knows its URL, as in production (scoreboard LISTEN/NOTIFY).
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    // A test that moves its clock past 03:00 would otherwise take a backup (backup-schedule.test.ts).
    BACKUP_TIME: 'off',
    // A fix is written at once: no test waits for a window on its manual clock (fixes.test.ts
    // tests the window).
    FIX_GATHER_MS: '0',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...opts.env,
  });
  const app = await buildApp(config, {
    database,
    logger: false,
    clock: opts.clock,
    webDistDir: opts.webDistDir ?? path.join(dataDir, 'no-web-build'),
    scoreboardPingMs: opts.scoreboardPingMs,
    paymentGateway: opts.paymentGateway,
  });
  opts.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    close: async () => {
      await app.close();
      if (!opts.database) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
