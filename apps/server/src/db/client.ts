import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { startPgliteThread } from './pglite-thread';
import { runTaskHere, type TaskArgs, type TaskName, type TaskResult } from './thread-tasks';
import * as schema from './schema';

/** The Drizzle database, the same type on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle as passed to `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** An open database with its driver, health probe and shutdown. */
export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations that are not applied yet. */
  migrate(): Promise<void>;
  /** Round-trip time of `select 1`, in milliseconds; throws when the database does not answer. */
  ping(): Promise<number>;
  /** Runs a hot transaction next to the database (thread-tasks.ts). */
  runTask<K extends TaskName>(name: K, args: TaskArgs<K>): Promise<TaskResult<K>>;
  close(): Promise<void>;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant works; it only has to be the same for every instance of the app.
const MIGRATION_LOCK_ID = 727_2026;

/**
 * Opens PostgreSQL when `databaseUrl` is set, otherwise the embedded PGlite persisted under
 * `{dataDir}/db` (or in memory when `dataDir` is null, for tests).
 */
export async function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir: string | null;
}): Promise<DatabaseHandle> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

/** Opens the database of `opts` and applies pending migrations (closing it if they fail). */
export async function openMigratedDatabase(opts: {
  databaseUrl: string | null;
  dataDir: string | null;
}): Promise<DatabaseHandle> {
  const handle = await openDatabase(opts);
  try {
    await handle.migrate();
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}

async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  // The engine in its own thread, with named prepared statements (pglite-thread.ts).
  const thread = await startPgliteThread(dataDir);
  const db = drizzlePglite({ client: thread.client, schema });
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    ping: () => timeQuery(db),
    runTask: (name, args) => thread.runTask(name, args),
    close: () => thread.close(),
  };
}

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  return {
    db,
    driver: 'postgres',
    migrate: async () => {
      // Several instances may start at once: one migrates, the others wait for it.
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => null);
        lock.release();
      }
    },
    ping: () => timeQuery(db),
    runTask: (name, args) => runTaskHere(db, name, args),
    close: () => pool.end(),
  };
}

async function timeQuery(db: Database): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return Math.round((performance.now() - started) * 10) / 10;
}
