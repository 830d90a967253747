import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createPreparedRunner } from '../../../apps/server/src/db/pglite/prepared';
import type { Engine } from '../lib/options';
import type { SqlRow } from '../submissions/sql-engines';

/** The server's committed migrations, applied by drizzle's migrator as the server does. */
const MIGRATIONS_DIR = fileURLToPath(
  new URL('../../../apps/server/src/db/migrations', import.meta.url),
);

/** One connection held for a unit of work; every call is one round trip to the database. */
export interface Connection {
  /** One statement with parameters (PGlite: the server's named prepared statements). */
  query(text: string, params?: unknown[]): Promise<SqlRow[]>;
  /** One message of one or more statements without parameters (simple query protocol). */
  simple(text: string): Promise<void>;
}

/** A migrated database as the bench uses it, counting its round trips. */
export interface ScopeEngine {
  engine: Engine;
  /** One statement alone (autocommit) on any connection. */
  query(text: string, params?: unknown[]): Promise<SqlRow[]>;
  /** Holds a connection for `work`; a transaction `work` left open is rolled back. */
  withConnection<T>(work: (connection: Connection) => Promise<T>): Promise<T>;
  /** Round trips so far: statements and messages sent. */
  roundTrips(): number;
  close(): Promise<void>;
}

/**
 * The embedded database on `dataDir`, as the server's database thread drives it: statements
 * through the named prepared statements, an autocommit statement written to disk after it,
 * BEGIN / COMMIT and multi-statement messages through `exec`. One connection: units of work
 * take turns.
 */
export async function openPglite(dataDir: string): Promise<ScopeEngine> {
  const client = await PGlite.create(dataDir);
  try {
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_DIR });
  } catch (err) {
    await client.close();
    throw err;
  }
  const { runPrepared } = createPreparedRunner(client);
  let sent = 0;
  let turn: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = turn.then(work);
    turn = run.catch(() => null);
    return run;
  };
  const statement = async (text: string, params: unknown[], autocommit: boolean) => {
    sent += 1;
    return client._runExclusiveQuery(async () => {
      const result = await runPrepared<SqlRow>(text, params, undefined, { retry: autocommit });
      if (autocommit) await client.syncToFs();
      return result.rows;
    });
  };
  const connection: Connection = {
    query: (text, params = []) => statement(text, params, false),
    simple: async (text) => {
      sent += 1;
      await client.exec(text);
    },
  };
  return {
    engine: 'pglite',
    query: (text, params = []) => exclusive(() => statement(text, params, true)),
    withConnection: (work) => exclusive(() => holding(connection, work)),
    roundTrips: () => sent,
    close: () => client.close(),
  };
}

/** PostgreSQL at `url` through a `pg` pool of `poolSize` connections, like the server's. */
export async function openPostgres(url: string, poolSize: number): Promise<ScopeEngine> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => undefined);
  try {
    await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR });
  } catch (err) {
    await pool.end();
    throw err;
  }
  let sent = 0;
  const run = async (on: pg.Pool | pg.PoolClient, text: string, params?: unknown[]) => {
    sent += 1;
    return (await on.query<SqlRow>(text, params)).rows;
  };
  return {
    engine: 'postgres',
    query: (text, params) => run(pool, text, params),
    withConnection: async (work) => {
      const client = await pool.connect();
      try {
        return await holding(
          {
            query: (text, params) => run(client, text, params),
            simple: (text) => run(client, text).then(() => undefined),
          },
          work,
        );
      } finally {
        client.release();
      }
    },
    roundTrips: () => sent,
    close: () => pool.end(),
  };
}

/** Runs `work` on `connection`; after a failure, rolls back what it may have left open. */
async function holding<T>(connection: Connection, work: (c: Connection) => Promise<T>) {
  try {
    return await work(connection);
  } catch (err) {
    await connection.simple('rollback').catch(() => null);
    throw err;
  }
}
