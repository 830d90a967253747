import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR } from '../src/db/client';

/**
 * Migrates one embedded database for the whole run and keeps its data directory in a file:
 * every test file's PGlite starts as a copy of it (test/helpers/database.ts) instead of running
 * the migrations again.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') return undefined;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tappa-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  const pglite = await PGlite.create();
  try {
    await migrate(drizzle({ client: pglite }), { migrationsFolder: MIGRATIONS_DIR });
    const dump = await pglite.dumpDataDir('none');
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  project.provide('pgliteSnapshot', file);
  return () => rm(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string | undefined;
  }
}
