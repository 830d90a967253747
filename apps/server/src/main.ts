// The server's entry. Only the configuration and the database are imported up front: the
// database (PGlite's thread) starts first, and the rest of the server loads while its engine
// boots (docs/decisions/0048).
import { fork } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { type AppDatabase, hasPgliteDatabase, openAppDatabase } from './app-database';
import type { DemoOutcome } from './bootstrap/demo';
import type { SuperadminOutcome } from './bootstrap/superadmin';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { systemClock } from './infra/clock';
import { embeddedDatabaseHolder, holdEmbeddedDatabase } from './infra/server-pid';
import type { StorageDriver } from './infra/storage';

const SHUTDOWN_GRACE_MS = 10_000;
/** Set for the process that runs a first start's set-up (`setUpApart`). */
const SET_UP_ONLY = 'TAPPA_SET_UP_ONLY';
const consoleLog = {
  info: (...args: unknown[]) => console.info(...args),
  warn: (...args: unknown[]) => console.warn(...args),
  error: (...args: unknown[]) => console.error(...args),
};

/** What the start set up, for the banner. */
interface SetUp {
  superadmin: SuperadminOutcome;
  demo: DemoOutcome;
}

/** The first superadmin and the demo tenant, where they are missing. */
async function setUp(config: AppConfig, database: AppDatabase, storage: StorageDriver) {
  const [{ ensureSuperadmin }, { seedDemo }] = await Promise.all([
    import('./bootstrap/superadmin'),
    import('./bootstrap/demo'),
  ]);
  const now = systemClock.now();
  const deps = { db: database.db, storage, clock: systemClock, limits: config.media };
  return {
    superadmin: await ensureSuperadmin(database.db, config.superadmin, now),
    demo: config.seedDemo ? await seedDemo(deps, now) : { seeded: false as const },
  } satisfies SetUp;
}

/**
 * A first start on the embedded database: creating it (initdb, every migration) and the set-up
 * run in a process of their own, which hands back what it set up and exits. What the database
 * thread allocates meanwhile stays in the C library's arenas after the thread has ended (about
 * 50 MB, docs/decisions/0048), so the server itself only opens an existing database.
 */
function setUpApart(): Promise<SetUp> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1] ?? '', process.argv.slice(2), {
      env: { ...process.env, [SET_UP_ONLY]: '1' },
    });
    let done: SetUp | null = null;
    child.once('message', (message) => (done = message as SetUp));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0 && done) resolve(done);
      else reject(new Error(`the first start's set-up failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** The set-up process: creates the database, sets up, tells its parent, closes and exits. */
async function setUpOnly(config: AppConfig): Promise<void> {
  const [database, { openStorage }] = await Promise.all([openAppDatabase(config), import('./app')]);
  // The server says which storage it uses, not this process too.
  const storage = await openStorage(config, { ...consoleLog, info: () => undefined });
  try {
    const done = await setUp(config, database, storage);
    const send = process.send?.bind(process);
    if (!send) throw new Error(`${SET_UP_ONLY} is set only for the server's set-up process`);
    await new Promise<void>((resolve, reject) =>
      send(done, undefined, {}, (err) => (err ? reject(err) : resolve())),
    );
    process.disconnect();
  } finally {
    await storage.close();
    await database.close();
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  await mkdir(config.dataDir, { recursive: true });
  if (process.env[SET_UP_ONLY] === '1') return setUpOnly(config);
  if (!config.databaseUrl) {
    const holder = embeddedDatabaseHolder(config.dataDir);
    if (holder !== null) {
      throw new ConfigError(
        `Another Tappa server (process ${holder}) is using the embedded database in ` +
          `${config.dataDir}; stop it first, or give this one another DATA_DIR.`,
      );
    }
    holdEmbeddedDatabase(config.dataDir);
  }
  const apart = !config.databaseUrl && !hasPgliteDatabase(config.dataDir) ? setUpApart() : null;
  const [database, { buildApp, openStorage }, { printStartupNotes }] = await Promise.all([
    apart ? apart.then(() => openAppDatabase(config)) : openAppDatabase(config),
    import('./app'),
    import('./bootstrap/banner'),
  ]);
  // Opened here, as the demo seed fills a media library before the app starts.
  const storage = await openStorage(config, consoleLog);
  const { superadmin, demo } = apart ? await apart : await setUp(config, database, storage);

  const app = await buildApp(config, { database, storage });
  // Runs once every request has finished, before the app's own close hooks.
  app.addHook('onClose', async () => {
    // The change signals of the last requests reach the other instances' streams.
    await app.signals.flush();
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
