import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseTimeouts } from '../config';
import { Db } from './db';
import type { Drizzle } from './drizzle';
import { startPgliteThread, type TableCopies } from './pglite/thread';
import { pgliteUpkeep, type UpkeepReport } from './pglite/upkeep';
import { ConnectionSafePool } from './pg-pool';
import { preparedStatementsOn } from './rows';
import * as schema from './schema';
import {
  runTaskHere,
  type TaskArgs,
  type TaskModule,
  type TaskRegistry,
  type TaskResult,
} from './tasks';

/** How PostgreSQL's pool is used: its connections, the idle ones, and the queries waiting. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/** An open database with its driver, health probe, hot transactions and shutdown. */
export interface DatabaseHandle<T extends TaskRegistry = TaskRegistry> {
  db: Db;
  driver: 'pglite' | 'postgres';
  /**
   * Applies the committed SQL migrations that are not applied yet (those of `folder`, a copy
   * with fewer of them, when given: a restore of an older backup, decision 0077).
   */
  migrate(folder?: string): Promise<void>;
  /** `select 1`; throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * PGlite only: gathers statistics and vacuums where autovacuum would (pglite/upkeep.ts);
   * PostgreSQL's own autovacuum does it there.
   */
  upkeep?: () => Promise<UpkeepReport>;
  /** PGlite only: the table copies a backup's snapshot is read from (decision 0077). */
  tableCopies?: TableCopies;
  /** PostgreSQL only: how its pool is used now (the metrics). */
  pool?: () => PoolUse;
  /**
   * PGlite only: the statements and tasks sent to its thread and not answered yet, the one it
   * runs and those waiting for its one connection (the metrics).
   */
  pending?: () => number;
  /** Runs a hot transaction of the registry next to the database (db/tasks.ts). */
  runTask<K extends keyof T & string>(name: K, args: TaskArgs<T[K]>): Promise<TaskResult<T[K]>>;
  close(): Promise<void>;
}

/** Where the database is and which hot transactions it runs. */
export interface DatabaseOptions<T extends TaskRegistry> {
  /** PostgreSQL when set; otherwise the embedded PGlite. */
  databaseUrl: string | null;
  /**
   * PostgreSQL's statement and lock timeouts and the pool's wait for a connection; without
   * them PostgreSQL's own settings apply. PGlite has one connection in this process and ignores
   * them (decision 0020).
   */
  databaseTimeouts?: DatabaseTimeouts;
  /** PGlite's files live under `{dataDir}/db`; null keeps them in memory (tests). */
  dataDir: string | null;
  tasks: TaskModule<T>;
  /** A PGlite data directory to start from (a `dumpDataDir` tarball), e.g. already migrated. */
  pgliteSnapshot?: Uint8Array;
}

/** The committed SQL migrations. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant works; it only has to be the same for every instance of the app.
const MIGRATION_LOCK_ID = 727_2026;

/** Opens PostgreSQL when `databaseUrl` is set, otherwise the embedded PGlite. */
export async function openDatabase<T extends TaskRegistry>(
  opts: DatabaseOptions<T>,
): Promise<DatabaseHandle<T>> {
  return opts.databaseUrl
    ? openPostgres({ ...opts, databaseUrl: opts.databaseUrl })
    : openPglite(opts);
}

/** Opens the database of `opts` and applies pending migrations (closing it if they fail). */
export async function openMigratedDatabase<T extends TaskRegistry>(
  opts: DatabaseOptions<T>,
): Promise<DatabaseHandle<T>> {
  const handle = await openDatabase(opts);
  try {
    await handle.migrate();
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}

async function openPglite<T extends TaskRegistry>(
  opts: DatabaseOptions<T>,
): Promise<DatabaseHandle<T>> {
  // The engine in its own thread, with named prepared statements (pglite/thread.ts).
  const thread = await startPgliteThread<T>({
    dataDir: opts.dataDir,
    tasksModule: opts.tasks.url,
    snapshot: opts.pgliteSnapshot,
  });
  const pglite = drizzlePglite({ client: thread.client, schema });
  const d: Drizzle = pglite;
  return {
    db: new Db(d),
    driver: 'pglite',
    migrate: (folder = MIGRATIONS_DIR) => migratePglite(pglite, { migrationsFolder: folder }),
    ping: () => selectOne(d),
    upkeep: () => pgliteUpkeep(d),
    tableCopies: thread.tableCopies,
    pending: () => thread.pending(),
    runTask: (name, args) => thread.runTask(name, args),
    close: () => thread.close(),
  };
}

async function openPostgres<T extends TaskRegistry>({
  databaseUrl,
  databaseTimeouts: timeouts,
  tasks,
}: DatabaseOptions<T> & { databaseUrl: string }): Promise<DatabaseHandle<T>> {
  const pool = new ConnectionSafePool({
    connectionString: databaseUrl,
    max: 10,
    // Sent at connect: every statement of every connection is bounded on the server.
    statement_timeout: timeouts?.statementMs,
    lock_timeout: timeouts?.lockMs,
    // Bounds both the wait for a free connection and opening a new one.
    connectionTimeoutMillis: timeouts?.acquireMs,
    // A peer that vanished without closing is noticed by TCP, not only at the next query.
    keepAlive: true,
  });
  const d: Drizzle = drizzlePg(pool, { schema });
  const db = new Db(d, preparedStatementsOn(pool));
  return {
    db,
    driver: 'postgres',
    migrate: async (folder = MIGRATIONS_DIR) => {
      // Several instances may start at once: one migrates, the others wait for it.
      const lock = await pool.connect();
      try {
        // Waiting for another instance's migrations, and a migration itself, may take long.
        await lock.query('set statement_timeout = 0; set lock_timeout = 0');
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(lock, { schema }), { migrationsFolder: folder });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => null);
        // Not given back to the pool: it has no timeouts any more.
        lock.release(true);
      }
    },
    ping: () => selectOne(d),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    runTask: (name, args) => runTaskHere(db, tasks.tasks, name, args),
    close: () => pool.end(),
  };
}

async function selectOne(d: Drizzle): Promise<void> {
  await d.execute(sql`select 1`);
}
