// The server's entry. Only the configuration and the database are imported up front: the
// database (PGlite's thread) starts first, and the rest of the server loads while its engine
// boots (docs/decisions/0048).
import { mkdir } from 'node:fs/promises';
import { openAppDatabase } from './app-database';
import { ConfigError, loadConfig } from './config';
import { systemClock } from './infra/clock';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  await mkdir(config.dataDir, { recursive: true });
  const [created, { buildApp, openStorage }, { printStartupNotes }, { seedDemo }, superadmins] =
    await Promise.all([
      openAppDatabase(config),
      import('./app'),
      import('./bootstrap/banner'),
      import('./bootstrap/demo'),
      import('./bootstrap/superadmin'),
    ]);
  // Opened here, as the demo seed fills a media library before the app starts.
  const storage = await openStorage(config, {
    info: (...args: unknown[]) => console.info(...args),
    warn: (...args: unknown[]) => console.warn(...args),
    error: (...args: unknown[]) => console.error(...args),
  });
  const now = systemClock.now();
  const superadmin = await superadmins.ensureSuperadmin(created.db, config.superadmin, now);
  const demo = config.seedDemo
    ? await seedDemo({ db: created.db, storage, clock: systemClock, limits: config.media }, now)
    : { seeded: false as const };
  // Creating the embedded database (initdb, every migration, the demo) grew its engine's memory
  // by hundreds of MB for good: a fresh database thread opens what was created.
  const database = created.createdDataDir
    ? await created.close().then(() => openAppDatabase(config))
    : created;

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
