import { mkdir } from 'node:fs/promises';
import { buildApp, openAppDatabase } from './app';
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
  const now = systemClock.now();
  const superadmin = await ensureSuperadmin(database.db, config.superadmin, now);
  const demo = config.seedDemo ? await seedDemo(database.db, now) : { seeded: false as const };

  const app = await buildApp(config, { database });
  app.addHook('onClose', () => database.close());

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
