import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppDatabase } from '../src/app-database';
import { serverPidPath } from '../src/infra/server-pid';
import { createTestApp } from './helpers/app';
import { runScript, SPAWNING_TEST_MS } from './helpers/command';
import { createTestDatabase, TEST_DB, type TestDatabase } from './helpers/database';
import { makeUser, signIn } from './helpers/factories';

/** Runs the command's script with `args` and `env` to its end. */
const runCommand = (args: string[], env: NodeJS.ProcessEnv) =>
  runScript('superadmin.mjs', args, env);

/** The password the command printed. */
function printedPassword(output: string): string {
  const match = /Password \(shown only now\): (\S+)/.exec(output);
  if (!match?.[1]) throw new Error(`no password in: ${output}`);
  return match[1];
}

describe(`npm run superadmin on ${TEST_DB} (decision 0067)`, () => {
  let dataDir: string;
  /** On PostgreSQL, a fresh database the command and the app share. */
  let postgres: TestDatabase | null = null;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-superadmin-'));
    if (TEST_DB === 'postgres') postgres = await createTestDatabase();
    env = { DATA_DIR: dataDir, ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}) };
  });
  afterAll(async () => {
    await postgres?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Signs in through the app's sign-in endpoint on the command's database; the cookie, or null. */
  async function signInWith(email: string, password: string): Promise<string | null> {
    const database = postgres ?? {
      ...(await openAppDatabase({ databaseUrl: null, dataDir })),
      url: null,
    };
    const t = await createTestApp({ database });
    try {
      return await signIn(t.app, email, password).catch(() => null);
    } finally {
      await t.close();
      if (!postgres) await database.close();
    }
  }

  it(
    'refuses a malformed e-mail, and a missing one, with a clear message',
    async () => {
      const bad = await runCommand(['--email', 'not-an-e-mail'], env);
      expect(bad.code).toBe(2);
      expect(bad.output).toContain('Not an e-mail address: "not-an-e-mail".');
      const missing = await runCommand([], env);
      expect(missing.code).toBe(2);
      expect(missing.output).toContain('The --email is missing.');
    },
    SPAWNING_TEST_MS,
  );

  it(
    'creates the superadmin with a printed password, then resets it; both sign in',
    async () => {
      const created = await runCommand(['--email', 'Owner@Example.org'], env);
      expect(created.code, created.output).toBe(0);
      expect(created.output).toContain('Created the superadmin owner@example.org');
      const first = printedPassword(created.output);
      expect(await signInWith('owner@example.org', first)).toMatch(/=/);

      const reset = await runCommand(['--email', 'owner@example.org'], env);
      expect(reset.code, reset.output).toBe(0);
      expect(reset.output).toContain('Set a new password for the superadmin owner@example.org');
      const second = printedPassword(reset.output);
      expect(second).not.toBe(first);
      expect(await signInWith('owner@example.org', second)).toMatch(/=/);
      expect(await signInWith('owner@example.org', first)).toBeNull();
    },
    SPAWNING_TEST_MS,
  );

  it(
    "refuses an account that is not a superadmin's, changing nothing",
    async () => {
      const database = postgres ?? {
        ...(await openAppDatabase({ databaseUrl: null, dataDir })),
        url: null,
      };
      const staff = await makeUser(database.db, { role: 'game_manager' });
      if (!postgres) await database.close();
      const res = await runCommand(['--email', staff.email], env);
      expect(res.code).toBe(1);
      expect(res.output).toContain('not a superadmin');
      expect(await signInWith(staff.email, staff.password)).toMatch(/=/);
    },
    SPAWNING_TEST_MS,
  );

  it.skipIf(TEST_DB === 'postgres')(
    'stays away from an embedded database a running server holds',
    async () => {
      // This test's own process stands for the running server.
      await writeFile(serverPidPath(dataDir), `${process.pid}\n`);
      try {
        const res = await runCommand(['--email', 'late@example.org'], env);
        expect(res.code).toBe(3);
        expect(res.output).toContain(`A Tappa server (process ${process.pid}) is running`);
        expect(res.output).toContain('Stop the server');
      } finally {
        await rm(serverPidPath(dataDir), { force: true });
      }
    },
    SPAWNING_TEST_MS,
  );
});
