import { meetsRequiredRole, roleInTenant } from '@tappa/domain';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { PLATFORM_SCOPE, type PlatformScope, type TenantScope } from '../db/scope';
import { AppError, notFound } from '../errors';
import type { Identity } from '../modules/session/identity';
import type { Profile } from '../modules/session/session.repository';
import { type Caller, loadCaller } from '../modules/session/session.service';
import { findTenantBySlug, type TenantRow } from '../modules/tenants/tenants.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller (loaded once per request), or null without a valid session. */
    caller(): Promise<Caller | null>;
  }
}

/** A caller with an active application profile. */
export type SignedInCaller = Caller & { profile: Profile };

/** Makes `request.caller()` available to every route. */
export function registerAccess(app: FastifyInstance, deps: { identity: Identity; db: Database }) {
  const cache = new WeakMap<FastifyRequest, Promise<Caller | null>>();
  app.decorateRequest('caller', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = deps.identity.api
        .getSession({ headers: fromNodeHeaders(this.headers) })
        .then((session) => (session ? loadCaller(deps.db, session.user.id) : null));
      cache.set(this, pending);
    }
    return pending;
  });
}

/** Any signed-in user with an active profile; 401 otherwise, 403 for an inactive account. */
export async function requireSignedIn(request: FastifyRequest): Promise<SignedInCaller> {
  const caller = await request.caller();
  if (!caller) throw new AppError('unauthenticated', 'Not authenticated');
  const { profile } = caller;
  if (!profile) {
    throw new AppError(
      'forbidden',
      'Unable to load user profile. This may be a permissions issue.',
    );
  }
  if (!profile.is_active) throw new AppError('forbidden', 'Your account is inactive');
  return { ...caller, profile };
}

/** The superadmin only: everything else is refused. */
export async function requireSuperadmin(
  request: FastifyRequest,
): Promise<SignedInCaller & { scope: PlatformScope }> {
  const caller = await requireSignedIn(request);
  if (caller.profile.role !== 'superadmin') {
    throw new AppError('forbidden', 'This area is reserved to the superadmin');
  }
  return { ...caller, scope: PLATFORM_SCOPE };
}

/**
 * The tenant of `slug` for its staff (superadmin, tenant_admin, game_manager): the guard of the
 * tenant area. Anyone else gets a 404, the same answer as for a tenant that does not exist.
 */
export async function requireTenantStaff(
  request: FastifyRequest,
  db: Database,
  slug: string,
): Promise<SignedInCaller & { scope: TenantScope; tenant: TenantRow }> {
  const caller = await requireSignedIn(request);
  const tenant = await findTenantBySlug(db, slug);
  if (!tenant) throw notFound('Tenant not found');
  const role = roleInTenant(caller.profile, caller.tenantRoles, tenant.id);
  if (!role || !meetsRequiredRole(role, 'tenant_admin')) throw notFound('Tenant not found');
  return {
    ...caller,
    tenant,
    scope: { kind: 'tenant', tenantId: tenant.id, slug: tenant.slug, role },
  };
}
