import { mkdir } from 'node:fs/promises';
import { buildApp, openAppDatabase, openStorage } from './app';
import { printStartupNotes } from './bootstrap/banner';
import { seedDemo } from './bootstrap/demo';
import { ensureSuperadmin } from './bootstrap/superadmin';
import { ConfigError, loadConfig } from './config';
import { systemClock } from './infra/clock';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  await mkdir(config.dataDir, { recursive: true });
  const database = await openAppDatabase(config);
  // Opened here, as the demo seed fills a media library before the app starts.
  const storage = await openStorage(config, {
    info: (...args: unknown[]) => console.info(...args),
    warn: (...args: unknown[]) => console.warn(...args),
    error: (...args: unknown[]) => console.error(...args),
  });
  const now = systemClock.now();
  const superadmin = await ensureSuperadmin(database.db, config.superadmin, now);
  const demo = config.seedDemo
    ? await seedDemo({ db: database.db, storage, clock: systemClock, limits: config.media }, now)
    : { seeded: false as const };

  const app = await buildApp(config, { database, storage });
  app.addHook('onClose', async () => {
    await storage.close();
    await database.close();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // In-flight requests finish; new ones get 503; then the database closes.
    const force = systemClock.setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  printStartupNotes({ config, address, driver: database.driver, superadmin, demo });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Tappa failed to start:', err);
  }
  process.exit(1);
});
