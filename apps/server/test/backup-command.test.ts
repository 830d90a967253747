import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppDatabase } from '../src/app-database';
import { tenants } from '../src/db/schema';
import { serverPidPath } from '../src/infra/server-pid';
import { runScript, SPAWNING_TEST_MS } from './helpers/command';
import { createTestDatabase, TEST_DB, type TestDatabase } from './helpers/database';
import { makeTenant } from './helpers/factories';

/** Runs the command's script with `args` and `env` to its end. */
const runCommand = (args: string[], env: NodeJS.ProcessEnv) => runScript('backup.mjs', args, env);

describe(`npm run backup and npm run restore from ${TEST_DB} (decision 0077)`, () => {
  let dataDir: string;
  let restoredDir: string;
  let postgres: TestDatabase | null = null;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-backup-cmd-'));
    restoredDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-restore-cmd-'));
    const database =
      TEST_DB === 'postgres'
        ? (postgres = await createTestDatabase())
        : await openAppDatabase({ databaseUrl: null, dataDir });
    await makeTenant(database.db, { slug: 'salvata' });
    if (!postgres) await database.close();
    env = { DATA_DIR: dataDir, ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}) };
  });
  afterAll(async () => {
    await postgres?.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(restoredDir, { recursive: true, force: true });
  });

  it(
    'backs up, restores into a new DATA_DIR once, and refuses a second time',
    async () => {
      const backup = await runCommand(['backup'], env);
      expect(backup.output).toMatch(/Backup written: .*tappa-backup-.*\.tar\.gz .*1 tenants/);
      expect(backup.code).toBe(0);
      const file = /Backup written: (\S+)/.exec(backup.output)?.[1] ?? '';
      expect(path.dirname(file)).toBe(path.join(dataDir, 'backups'));

      const into = { DATA_DIR: restoredDir, DATABASE_URL: '' };
      const restore = await runCommand(['restore', file], into);
      expect(restore.output).toContain(`into ${restoredDir}`);
      expect(restore.code).toBe(0);
      const database = await openAppDatabase({ databaseUrl: null, dataDir: restoredDir });
      try {
        const rows = await database.db.global.select({ slug: tenants.slug }).from(tenants);
        expect(rows).toEqual([{ slug: 'salvata' }]);
      } finally {
        await database.close();
      }

      const again = await runCommand(['restore', file], into);
      expect(again.output).toContain('Restore refused: The database is not empty');
      expect(again.code).toBe(1);
      const missing = await runCommand(['restore'], into);
      expect(missing.output).toContain('Name one backup file.');
      expect(missing.code).toBe(2);
    },
    SPAWNING_TEST_MS,
  );

  it.runIf(TEST_DB === 'pglite')(
    'refuses to open the embedded database a server holds',
    async () => {
      await writeFile(serverPidPath(dataDir), `${process.pid}\n`);
      try {
        const res = await runCommand(['backup'], env);
        expect(res.output).toContain(`A Tappa server (process ${process.pid}) is running`);
        expect(res.code).toBe(3);
      } finally {
        await rm(serverPidPath(dataDir), { force: true });
      }
    },
    SPAWNING_TEST_MS,
  );
});
