import { verifyPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL, seedDemo } from '../src/bootstrap/demo';
import { ensureSuperadmin, GENERATED_SUPERADMIN_EMAIL } from '../src/bootstrap/superadmin';
import { authAccounts, routes, steps, tenants, users } from '../src/db/schema';
import { createTestDatabase, rawDb, TEST_DB, type TestDatabase } from './helpers/database';

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
  beforeEach(async () => {
    d = await createTestDatabase();
  });
  afterEach(() => d.close());

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
    const outcome = await seedDemo(d.db, NOW);
    expect(outcome).toMatchObject({
      seeded: true,
      adminEmail: DEMO_ADMIN_EMAIL,
      routeSlug: 'roma-centro-storico',
    });
    expect(await seedDemo(d.db, NOW)).toEqual({ seeded: false });

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
  });

  it('does not seed the demo into a database that already has tenants', async () => {
    await rawDb(d.db).insert(tenants).values({ slug: 'real', name: 'Real organisation' });
    expect(await seedDemo(d.db, NOW)).toEqual({ seeded: false });
    expect(await rawDb(d.db).select().from(routes)).toHaveLength(0);
  });
});
