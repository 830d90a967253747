import { randomBytes } from 'node:crypto';
import { importRoute } from '../modules/routes/routes.service';
import {
  readSampleRoute,
  type SampleRouteDeps,
  withSampleMedia,
} from '../modules/routes/sample-route.service';
import { createFirstTenant } from '../modules/tenants/tenants.service';
import { BOOTSTRAP_LOCK } from '../modules/users/accounts.service';

export const DEMO_TENANT_SLUG = 'demo';
export const DEMO_ADMIN_EMAIL = 'admin@demo.tappa.local';

/** What `seedDemo` did, so the caller can tell the operator how to sign in. */
export type DemoOutcome =
  | { seeded: false }
  | { seeded: true; adminEmail: string; adminPassword: string; routeSlug: string };

/** What seeding needs: the database, and the storage and limits its media library uses. */
export type DemoDeps = SampleRouteDeps;

/**
 * Seeds a demo tenant with default branding, one tenant admin, and the sample route with its media, only
 * into a database without tenants, so a restart never seeds twice.
 */
export async function seedDemo(deps: DemoDeps, now: Date): Promise<DemoOutcome> {
  const demoRoute = await readSampleRoute();
  const adminPassword = randomBytes(9).toString('base64url');
  return deps.db.transaction(async (tx) => {
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
    const routeJson = await withSampleMedia({ ...deps, db: tx }, scope, demoRoute);
    const { route } = await importRoute(tx, scope, routeJson);
    return { seeded: true, adminEmail: DEMO_ADMIN_EMAIL, adminPassword, routeSlug: route.slug };
  });
}
