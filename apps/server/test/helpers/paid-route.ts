import { randomBytes } from 'node:crypto';
import type { Role } from '@tappa/domain';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/db';
import {
  auditLog,
  payments,
  routePricing,
  routes,
  teamRegistrations,
  type tenants,
} from '../../src/db/schema';
import { rawDb } from './database';
import { call, makeTenant, makeUser, signIn } from './factories';
import type { StripeStub } from './stripe-stub';
import { teamCookie } from './sweep-world';

const suffix = () => randomBytes(4).toString('hex');

/** A price list row that applies all the time (the tests run at any date). */
export type PriceRowValues = Partial<typeof routePricing.$inferInsert>;

/** A tenant with a paid route, a registered team proven in its browser, and maybe Stripe. */
export interface PaidRouteWorld {
  tenant: typeof tenants.$inferSelect;
  routeId: string;
  routeSlug: string;
  email: string;
  registrationId: string;
  cookie: string;
  /** The tenant's Stripe account, as the stub knows it; null when not connected. */
  stripe: { secretKey: string; signingSecret: string } | null;
}

/**
 * Makes a tenant with a paid route priced by `prices` (one all-year row of €12.99 by default), a
 * registered team with its player cookie, and, when `connected`, its Stripe account connected in
 * the settings (through the API, as its admin would) and known to the stub.
 */
export async function makePaidRoute(
  deps: { app: App; db: Db; stub: StripeStub },
  opts: { connected: boolean; prices?: PriceRowValues[] },
): Promise<PaidRouteWorld> {
  const db = rawDb(deps.db);
  const tenant = await makeTenant(deps.db);
  const routeSlug = `pagato-${suffix()}`;
  const [route] = await db
    .insert(routes)
    .values({ tenant_id: tenant.id, slug: routeSlug, title: 'Roma pagata', access_type: 'paid' })
    .returning();
  for (const price of opts.prices ?? [{}]) {
    await db.insert(routePricing).values({
      tenant_id: tenant.id,
      route_id: route!.id,
      date_from: '2000-01-01',
      date_to: '2099-12-31',
      cost_euro: '12.99',
      ...price,
    });
  }
  const email = `team-${suffix()}@example.org`;
  const [registration] = await db
    .insert(teamRegistrations)
    .values({ tenant_id: tenant.id, email, team_name: 'Civette' })
    .returning();
  let stripe: PaidRouteWorld['stripe'] = null;
  if (opts.connected) {
    stripe = {
      secretKey: `sk_test_${suffix()}${suffix()}`,
      signingSecret: `whsec_${suffix()}${suffix()}`,
    };
    deps.stub.addAccount(stripe);
    const admin = await makeUser(deps.db, { role: 'tenant_admin', tenantId: tenant.id });
    const res = await call(deps.app, await signIn(deps.app, admin.email, admin.password), {
      method: 'PUT',
      url: `/api/tenants/${tenant.slug}/payment-settings`,
      payload: { secret_key: stripe.secretKey, webhook_secret: stripe.signingSecret },
    });
    if (res.statusCode !== 200) throw new Error(`connect failed: ${res.body}`);
  }
  return {
    tenant,
    routeId: route!.id,
    routeSlug,
    email,
    registrationId: registration!.id,
    cookie: teamCookie(deps.app, tenant.id, email),
    stripe,
  };
}

/** Calls one of the route's payment endpoints as the world's team. */
export function callPayment(
  app: App,
  world: PaidRouteWorld,
  opts: { method: InjectOptions['method']; path: string; payload?: object },
) {
  return call(app, world.cookie, {
    method: opts.method,
    url: `/api/play/${world.tenant.slug}/routes/${world.routeSlug}${opts.path}`,
    ...(opts.payload ? { payload: opts.payload } : {}),
  });
}

/** The team's payment rows for the world's route. */
export function paymentsOf(db: Db, world: PaidRouteWorld) {
  return rawDb(db)
    .select()
    .from(payments)
    .where(eq(payments.registration_id, world.registrationId));
}

/** The world's team registration as stored. */
export async function registrationOf(db: Db, world: PaidRouteWorld) {
  const [row] = await rawDb(db)
    .select()
    .from(teamRegistrations)
    .where(eq(teamRegistrations.id, world.registrationId));
  return row!;
}

/** A signed-in session of a new `role` account of the world's tenant (or the superadmin). */
export async function staffOf(deps: { app: App; db: Db }, world: PaidRouteWorld, role: Role) {
  const user = await makeUser(deps.db, {
    role,
    tenantId: role === 'superadmin' ? null : world.tenant.id,
  });
  return signIn(deps.app, user.email, user.password);
}

/** The audit entries of the refunds of payment `paymentId`. */
export function refundEntries(db: Db, paymentId: string) {
  return rawDb(db)
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.target_id, paymentId)));
}
