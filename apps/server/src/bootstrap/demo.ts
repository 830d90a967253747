import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { count, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tenants } from '../db/schema';
import { importRoute } from '../modules/routes/routes.service';
import { createUserAccount } from '../modules/session/accounts';

export const DEMO_TENANT_SLUG = 'demo';
export const DEMO_ADMIN_EMAIL = 'admin@demo.tappa.local';

/** What `seedDemo` did, so the caller can tell the operator how to sign in. */
export type DemoOutcome =
  | { seeded: false }
  | { seeded: true; adminEmail: string; adminPassword: string; routeSlug: string };

/** Reads the demo route shipped with the project (the Rome fixture). */
export async function readDemoRoute(): Promise<string> {
  const require = createRequire(import.meta.url);
  return readFile(require.resolve('@tappa/domain/fixtures/route-roma-centro.json'), 'utf8');
}

/**
 * Seeds a demo tenant with default branding, one tenant admin and the demo route, only into a
 * database without tenants, so a restart never seeds twice.
 */
export async function seedDemo(db: Database, now: Date): Promise<DemoOutcome> {
  const demoRoute = await readDemoRoute();

  return db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL seed one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(7272027)`);
    const [existing] = await tx.select({ n: count() }).from(tenants);
    if ((existing?.n ?? 0) > 0) return { seeded: false };

    const [tenant] = await tx
      .insert(tenants)
      .values({
        slug: DEMO_TENANT_SLUG,
        name: 'Tappa Demo',
        company_name: 'Tappa Demo',
        admin_email: DEMO_ADMIN_EMAIL,
        city: 'Roma',
      })
      .returning({ id: tenants.id });
    if (!tenant) throw new Error('The demo tenant was not created');

    const adminPassword = randomBytes(9).toString('base64url');
    await createUserAccount(tx, {
      email: DEMO_ADMIN_EMAIL,
      password: adminPassword,
      displayName: 'Demo Admin',
      role: 'tenant_admin',
      tenantId: tenant.id,
      now,
    });

    const scope = {
      kind: 'tenant',
      tenantId: tenant.id,
      slug: DEMO_TENANT_SLUG,
      role: 'superadmin',
    } as const;
    const { route } = await importRoute(tx, scope, demoRoute);
    return { seeded: true, adminEmail: DEMO_ADMIN_EMAIL, adminPassword, routeSlug: route.slug };
  });
}
