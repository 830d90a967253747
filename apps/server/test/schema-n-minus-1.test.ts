import { execFileSync } from 'node:child_process';
import { mkdir, readdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { textRouteJson } from '@tappa/domain/fixtures/text-route';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRoute } from '../src/modules/routes/routes.service';
import { createTestDatabase, TEST_DB, type TestDatabase } from './helpers/database';
import { makeTenant, makeUser, superadminScope } from './helpers/factories';
import { joinTeam, sendTry, signInOverHttp, tryOf } from './helpers/http-team';
import { startServerProcess } from './helpers/server-process';
import { createTempDir } from './helpers/temp-dir';

// A rolling upgrade runs release N−1 beside N on the schema N migrated (expand → contract,
// docs/operations.md): N−1's code — the repository before the newest migration was added — is
// started on a database migrated by this release and must serve a smoke (health, a staff
// sign-in, a team's try).
const root = fileURLToPath(new URL('../../..', import.meta.url));
const ROUTE_SLUG = 'previous';

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).trim();

/**
 * Writes release N−1's server and packages into `dir` (from git), with this checkout's installed
 * dependencies linked in (node_modules but our own workspaces, which come from N−1); answers the
 * commit it is.
 */
async function checkOutPreviousRelease(dir: string): Promise<string> {
  const added = git(
    'log',
    '-1',
    '--format=%H',
    '--diff-filter=A',
    '--',
    'apps/server/src/db/migrations/*.sql',
  );
  const previous = git('rev-parse', `${added}^`);
  const archive = execFileSync(
    'git',
    ['archive', previous, 'apps/server', 'packages/domain', 'packages/contracts'],
    { cwd: root, maxBuffer: 256 * 1024 * 1024 },
  );
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  const modules = path.join(dir, 'node_modules');
  await mkdir(path.join(modules, '@tappa'), { recursive: true });
  for (const entry of await readdir(path.join(root, 'node_modules'))) {
    if (entry === '@tappa') continue;
    await symlink(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  for (const name of ['domain', 'contracts']) {
    await symlink(path.join(dir, 'packages', name), path.join(modules, '@tappa', name));
  }
  await symlink(
    path.join(root, 'apps/server/node_modules'),
    path.join(dir, 'apps/server/node_modules'),
  );
  return previous;
}

describe.skipIf(TEST_DB !== 'postgres')("release N−1's code on schema N", () => {
  let database: TestDatabase;
  let previous: Awaited<ReturnType<typeof createTempDir>>;
  let dataDir: Awaited<ReturnType<typeof createTempDir>>;
  let commit: string;

  beforeAll(async () => {
    previous = await createTempDir('n-minus-1');
    dataDir = await createTempDir('n-minus-1-data');
    commit = await checkOutPreviousRelease(previous.path);
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
    await previous?.remove();
    await dataDir?.remove();
  });

  it('serves health, a staff sign-in and a try on a database migrated by this release', async () => {
    // The previous release knows fewer migrations than the database holds.
    const migrations = await readdir(path.join(root, 'apps/server/src/db/migrations'));
    const itsMigrations = await readdir(path.join(previous.path, 'apps/server/src/db/migrations'));
    expect(itsMigrations.length).toBeLessThan(migrations.length);

    const tenant = await makeTenant(database.db);
    const json = textRouteJson({ slug: ROUTE_SLUG, title: 'N−1', description: 'N', steps: 2 });
    await importRoute(database.db, superadminScope(tenant), json);
    const staff = await makeUser(database.db, { role: 'tenant_admin', tenantId: tenant.id });

    const server = await startServerProcess(
      { DATABASE_URL: database.url ?? '', DATA_DIR: dataDir.path, SEED_DEMO: 'false' },
      { serverDir: path.join(previous.path, 'apps/server') },
    );
    try {
      const health = await fetch(`${server.baseUrl}/api/health`);
      expect(health.status).toBe(200);
      await signInOverHttp(server.baseUrl, { ...staff, ip: '10.97.0.1' });
      const team = await joinTeam(server.baseUrl, {
        slug: tenant.slug,
        routeSlug: ROUTE_SLUG,
        n: 1,
        domain: 'previous.test',
      });
      const first = tryOf(tenant.slug, team, 0, 'risposta-1');
      const res = await sendTry(server.baseUrl, team, first);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ outcome: 'correct' });
    } finally {
      await server.stop();
    }
    console.info(`N−1 (${commit.slice(0, 8)}) served the smoke on schema N`);
  }, 60_000);
});
