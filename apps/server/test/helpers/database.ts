import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openMigratedDatabase } from '../../src/db/client';

/** Which database the integration tests run on: `TEST_DB=postgres` or the embedded default. */
export const TEST_DB: 'pglite' | 'postgres' =
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** Where the tests create their PostgreSQL databases (trust auth on the local server). */
const ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A migrated database of its own for one test file; `close()` also drops it on PostgreSQL. */
export interface TestDatabase extends DatabaseHandle {
  /** The connection string on PostgreSQL, null on PGlite. */
  url: string | null;
}

/** Creates a fresh, migrated database on the engine `TEST_DB` selects. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB === 'pglite') {
    const handle = await openMigratedDatabase({ databaseUrl: null, dataDir: null });
    return { ...handle, url: null };
  }
  const name = `tappa_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = await openMigratedDatabase({ databaseUrl: url.toString(), dataDir: null });
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
