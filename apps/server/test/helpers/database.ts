import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
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

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The query builder past every scope: tests set up and inspect the database as it is. */
export function rawDb(db: Db): Drizzle {
  return db.unscoped(PLATFORM_SCOPE);
}
