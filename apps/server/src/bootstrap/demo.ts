import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Db } from '../db/db';
import { importRoute } from '../modules/routes/routes.service';
import { createFirstTenant } from '../modules/tenants/tenants.service';
import { BOOTSTRAP_LOCK } from '../modules/users/accounts.service';

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
export async function seedDemo(db: Db, now: Date): Promise<DemoOutcome> {
  const demoRoute = await readDemoRoute();
  const adminPassword = randomBytes(9).toString('base64url');
  return db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL seed one after the other.
    await tx.lock(BOOTSTRAP_LOCK);
    const tenant = await createFirstTenant(tx, {
      values: {
        slug: DEMO_TENANT_SLUG,
        name: 'Tappa Demo',
        company_name: 'Tappa Demo',
        admin_email: DEMO_ADMIN_EMAIL,
        city: 'Roma',
      },
      adminPassword,
      adminName: 'Demo Admin',
      now,
    });
    if (!tenant) return { seeded: false };
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
