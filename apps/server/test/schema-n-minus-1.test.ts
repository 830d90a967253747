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
 * Release N−1's commit: the parent of the newest commit that added a migration. Null when this
 * checkout has no history to take it from (an export without `.git`, or a shallow clone that
 * cannot be deepened from its remote).
 */
function previousReleaseCommit(): string | null {
  try {
    if (git('rev-parse', '--is-shallow-repository') === 'true') {
      try {
        git('fetch', '--quiet', '--unshallow');
      } catch {
        // No remote to deepen from: the history may still reach far enough.
      }
    }
    const added = git(
      'log',
      '-1',
      '--format=%H',
      '--diff-filter=A',
      '--',
      'apps/server/src/db/migrations/*.sql',
    );
    return git('rev-parse', '--verify', '--quiet', `${added}^`) || null;
  } catch {
    return null;
  }
}

const PREVIOUS_COMMIT = TEST_DB === 'postgres' ? previousReleaseCommit() : null;
if (TEST_DB === 'postgres' && !PREVIOUS_COMMIT) {
  console.warn(
    "schema-n-minus-1: this checkout's git history does not reach the release before the newest " +
      'migration, so release N−1 cannot be taken from it and the test is skipped: run it in a ' +
      'clone with its history.',
  );
}

/**
 * Writes release N−1's server and packages (commit `previous`) into `dir`, with this checkout's
 * installed dependencies linked in (node_modules but our own workspaces, which come from N−1).
 */
async function checkOutPreviousRelease(dir: string, previous: string): Promise<void> {
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
}

describe.skipIf(!PREVIOUS_COMMIT)("release N−1's code on schema N", () => {
  let database: TestDatabase;
  let previous: Awaited<ReturnType<typeof createTempDir>>;
  let dataDir: Awaited<ReturnType<typeof createTempDir>>;
  let commit: string;

  beforeAll(async () => {
    previous = await createTempDir('n-minus-1');
    dataDir = await createTempDir('n-minus-1-data');
    commit = PREVIOUS_COMMIT ?? '';
    await checkOutPreviousRelease(previous.path, commit);
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
