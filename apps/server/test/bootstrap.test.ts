import { verifyPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL, type DemoDeps, seedDemo } from '../src/bootstrap/demo';
import { ensureSuperadmin, GENERATED_SUPERADMIN_EMAIL } from '../src/bootstrap/superadmin';
import { authAccounts, mediaFiles, routes, steps, tenants, users } from '../src/db/schema';
import { systemClock } from '../src/infra/clock';
import { LocalDiskStorage } from '../src/infra/storage';
import { createTestDatabase, rawDb, TEST_DB, type TestDatabase } from './helpers/database';
import { createTempDir } from './helpers/temp-dir';

const NOW = new Date('2026-11-22T10:00:00Z');

async function passwordOf(d: TestDatabase, authSub: string | null): Promise<string> {
  const [account] = await rawDb(d.db)
    .select({ password: authAccounts.password })
    .from(authAccounts)
    .where(eq(authAccounts.userId, authSub ?? ''));
  return account?.password ?? '';
}

describe(`first-start bootstrap on ${TEST_DB}`, () => {
  let d: TestDatabase;
  let files: Awaited<ReturnType<typeof createTempDir>>;
  let demo: DemoDeps;
  beforeEach(async () => {
    d = await createTestDatabase();
    files = await createTempDir('demo-files');
    demo = {
      db: d.db,
      storage: new LocalDiskStorage({ rootDir: files.path, publicBaseUrl: '' }),
      clock: systemClock,
      limits: { maxFileBytes: 10 * 1024 * 1024, quotaBytes: 100 * 1024 * 1024 },
    };
  });
  afterEach(async () => {
    await d.close();
    await files.remove();
  });

  it('creates the configured superadmin once, with a password the identity library verifies', async () => {
    const configured = { email: 'Boss@Example.org', password: 'segreto-123' };
    const first = await ensureSuperadmin(d.db, configured, NOW);
    expect(first).toEqual({ created: true, email: 'Boss@Example.org', generatedPassword: null });
    expect(await ensureSuperadmin(d.db, configured, NOW)).toEqual({ created: false });

    const admins = await rawDb(d.db).select().from(users).where(eq(users.role, 'superadmin'));
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({
      email: 'boss@example.org',
      tenant_id: null,
      is_active: true,
    });
    const hash = await passwordOf(d, admins[0]!.auth_sub);
    expect(await verifyPassword({ hash, password: 'segreto-123' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'wrong-one' })).toBe(false);
  });

  it('generates a superadmin password when none is configured and stores only its hash', async () => {
    const outcome = await ensureSuperadmin(d.db, null, NOW);
    if (!outcome.created || !outcome.generatedPassword)
      throw new Error('expected a generated password');
    expect(outcome.email).toBe(GENERATED_SUPERADMIN_EMAIL);
    expect(outcome.generatedPassword.length).toBeGreaterThanOrEqual(12);
    const [admin] = await rawDb(d.db).select().from(users).where(eq(users.role, 'superadmin'));
    const hash = await passwordOf(d, admin!.auth_sub);
    expect(hash).not.toContain(outcome.generatedPassword);
    expect(await verifyPassword({ hash, password: outcome.generatedPassword })).toBe(true);
  });

  it('seeds the demo tenant, its admin and the Rome route exactly once', async () => {
    const outcome = await seedDemo(demo, NOW);
    expect(outcome).toMatchObject({
      seeded: true,
      adminEmail: DEMO_ADMIN_EMAIL,
      routeSlug: 'roma-centro-storico',
    });
    expect(await seedDemo(demo, NOW)).toEqual({ seeded: false });

    const demoTenants = await rawDb(d.db).select().from(tenants);
    expect(demoTenants).toHaveLength(1);
    expect(demoTenants[0]).toMatchObject({
      slug: 'demo',
      primary_color: '#3B82F6',
      secondary_color: '#10B981',
    });
    const [admin] = await rawDb(d.db).select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
    expect(admin).toMatchObject({ role: 'tenant_admin', tenant_id: demoTenants[0]!.id });
    if (outcome.seeded) {
      const hash = await passwordOf(d, admin!.auth_sub);
      expect(await verifyPassword({ hash, password: outcome.adminPassword })).toBe(true);
    }

    const [route] = await rawDb(d.db).select().from(routes);
    expect(route).toMatchObject({
      slug: 'roma-centro-storico',
      route_type: 'progressive',
      access_type: 'free',
    });
    const routeSteps = await rawDb(d.db)
      .select()
      .from(steps)
      .where(eq(steps.route_id, route!.id))
      .orderBy(steps.ord);
    expect(routeSteps.map((s) => s.check_type)).toEqual([
      'text',
      'choice',
      'qr',
      'photo',
      'code',
      'choice',
    ]);
    expect(routeSteps[1]).toMatchObject({
      lat: 41.898614,
      lng: 12.476869,
      choices: ['Augusto', 'Adriano', 'Nerone', 'Traiano'],
    });
    expect(routeSteps.map((s) => s.orientation_deg)).toEqual([null, null, null, 0, null, 90]);
    expect(routeSteps[5]).toMatchObject({ multiple: true });

    // Real media of the project's own: a picture per step, the audio clip and the video, all in
    // the demo's library and named by code; no step names an outside address.
    const library = await rawDb(d.db).select().from(mediaFiles);
    expect(library.map((file) => file.mime_type).sort()).toEqual([
      'audio/mp4',
      ...Array<string>(6).fill('image/jpeg'),
      'video/mp4',
    ]);
    expect(library.every((file) => file.tenant_id === demoTenants[0]!.id)).toBe(true);
    const codes = new Set(library.map((file) => file.unique_code));
    const media = routeSteps.map((s) => s.media as { type: string; code?: string; url: string }[]);
    expect(media.map((items) => items.map((item) => item.type))).toEqual([
      ['image'],
      ['image'],
      ['image'],
      ['image', 'audio'],
      ['image'],
      ['image', 'video'],
    ]);
    for (const item of media.flat()) {
      expect(codes.has(item.code ?? '')).toBe(true);
      expect(item.url).toBe('');
    }
    for (const file of library) {
      expect(await demo.storage.get('media-library', file.storage_path)).not.toBeNull();
    }
  });

  it('does not seed the demo into a database that already has tenants', async () => {
    await rawDb(d.db).insert(tenants).values({ slug: 'real', name: 'Real organisation' });
    expect(await seedDemo(demo, NOW)).toEqual({ seeded: false });
    expect(await rawDb(d.db).select().from(routes)).toHaveLength(0);
  });
});
