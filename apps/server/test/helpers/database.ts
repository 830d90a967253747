import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDatabase, openAppDatabase } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/db';
import type { Drizzle } from '../../src/db/drizzle';
import { PLATFORM_SCOPE } from '../../src/db/scope';

/** Which database the integration tests run on: `TEST_DB=postgres` or the embedded default. */
export const TEST_DB: 'pglite' | 'postgres' =
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** Where the tests create their PostgreSQL databases (trust auth on the local server). */
const ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A migrated database of its own for one test file; `close()` also drops it on PostgreSQL. */
export interface TestDatabase extends AppDatabase {
  /** The connection string on PostgreSQL, null on PGlite. */
  url: string | null;
}

let snapshot: Promise<Uint8Array | undefined> | null = null;

/**
 * The PGlite data directory migrated once per run (test/global-setup.ts writes it); each test
 * database starts as a copy of it instead of migrating again.
 */
function migratedSnapshot(): Promise<Uint8Array | undefined> {
  const file = inject('pgliteSnapshot');
  snapshot ??= file
    ? readFile(file).then((bytes) => new Uint8Array(bytes))
    : Promise.resolve(undefined);
  return snapshot;
}

/** Creates a fresh, migrated database on the engine `TEST_DB` selects. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB === 'pglite') {
    const handle = await openAppDatabase({
      databaseUrl: null,
      dataDir: null,
      pgliteSnapshot: await migratedSnapshot(),
    });
    return { ...handle, url: null };
  }
  const name = `tappa_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  // The pool as production configures it, timeouts included (config.ts defaults).
  const handle = await openAppDatabase({
    databaseUrl: url.toString(),
    dataDir: null,
    databaseTimeouts: loadConfig({}).databaseTimeouts,
  });
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** A new, empty PostgreSQL database (no migration): its URL and its removal. */
export async function createEmptyPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `tappa_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(text: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL only: the database at `url` refuses new connections and ends every open one
 * (`ALTER DATABASE … ALLOW_CONNECTIONS false` and `pg_terminate_backend`), or accepts them again.
 */
export async function allowConnections(url: string, isAllowed: boolean): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await adminQuery(`alter database ${name} allow_connections ${String(isAllowed)}`);
  if (isAllowed) return;
  await adminQuery(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
}

/** The query builder past every scope: tests set up and inspect the database as it is. */
export function rawDb(db: Db): Drizzle {
  return db.unscoped(PLATFORM_SCOPE);
}

/**
 * Makes the database refuse writes to `table` (a trigger raising an error, on `events` such as
 * `insert or update`, optionally only `when` a row condition holds): a real failure of a write,
 * on both engines. Returns the function that lifts the refusal.
 */
export async function refuseWrites(
  db: Db,
  opts: { table: string; events: string; when?: string },
): Promise<() => Promise<void>> {
  const raw = rawDb(db);
  const name = `refuse_${opts.table}`;
  await raw.execute(sql`
    create or replace function ${sql.raw(name)}() returns trigger language plpgsql as $$
    begin raise exception 'refused'; end $$`);
  const when = opts.when ? sql.raw(`when (${opts.when})`) : sql``;
  await raw.execute(sql`
    create trigger ${sql.raw(name)} before ${sql.raw(opts.events)} on ${sql.raw(opts.table)}
    for each row ${when} execute function ${sql.raw(name)}()`);
  return async () => {
    await raw.execute(sql`drop trigger ${sql.raw(name)} on ${sql.raw(opts.table)}`);
  };
}
