import {
  allowsStaff,
  isReviewer,
  isTenantAvailable,
  isTenantStaff,
  roleInTenant,
  type StaffPolicy,
} from '@tappa/domain';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/db';
import { PLATFORM_SCOPE, type PlatformScope, type TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { TenantReadCache } from '../../infra/read-cache';
import { findTenantBySlug, type TenantRow } from '../tenants/tenants.service';
import type { Identity } from '../users/identity';
import { type Caller, loadCaller, type Profile } from '../users/users.service';
import { readPlayerEmail } from './player-cookie';

/** A caller with an active application profile. */
export type SignedInCaller = Caller & { profile: Profile };

/** The superadmin, with the platform scope. */
export type SuperadminAccess = SignedInCaller & { scope: PlatformScope };

/** A tenant's staff member (or the superadmin) in that tenant. */
export type StaffAccess = SignedInCaller & { tenant: TenantRow; scope: TenantScope };

/** A tenant that provides its services now, for its player pages. */
export interface TenantAccess {
  tenant: TenantRow;
  scope: TenantScope;
}

/** The team proven by its player cookie, in its tenant. */
export type PlayerAccess = TenantAccess & { email: string };

/** Who looks at a tenant's private record: its team (if proven here) and whether it is staff. */
export type TenantViewer = TenantAccess & { teamEmail: string | null; isStaff: boolean };

/** The methods that only read: all a tenant's staff may still do while it is unavailable. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/** The guards: the one place that turns a request into a caller and a scope. */
export type Access = ReturnType<typeof createAccess>;

/** Creates the guards of one app, over its identity library, database and clock. */
export function createAccess(deps: {
  identity: Identity;
  db: Db;
  clock: Clock;
  /**
   * Tenants by slug for the player pages and the public tenant read (decision 0049): every try
   * of every team would otherwise read the tenant again; a change is forgotten at once.
   */
  tenants: TenantReadCache<TenantRow>;
}) {
  const { identity, db, clock, tenants } = deps;
  const callers = new WeakMap<FastifyRequest, Promise<Caller | null>>();

  /** Whether the tenant provides its services now: active and not past its expiry date. */
  function isAvailable(tenant: TenantRow): boolean {
    return isTenantAvailable(
      { isActive: tenant.is_active, expiryDate: tenant.expiry_date },
      clock.now(),
      tenant.time_zone,
    );
  }

  /** The signed-in caller of the request (loaded once per request), or null. */
  function readCaller(request: FastifyRequest): Promise<Caller | null> {
    let pending = callers.get(request);
    if (!pending) {
      pending = identity.api
        .getSession({ headers: fromNodeHeaders(request.headers) })
        .then((session) => (session ? loadCaller(db, session.user.id) : null));
      callers.set(request, pending);
    }
    return pending;
  }

  /** Any signed-in user with an active profile; 401 otherwise, 403 for an inactive account. */
  async function requireSignedIn(request: FastifyRequest): Promise<SignedInCaller> {
    const caller = await readCaller(request);
    if (!caller) throw new AppError('unauthenticated');
    const { profile } = caller;
    if (!profile) throw new AppError('profile_missing');
    if (!profile.is_active) throw new AppError('account_inactive');
    return { ...caller, profile };
  }

  /** The superadmin only: everything else is refused. */
  async function requireSuperadmin(request: FastifyRequest): Promise<SuperadminAccess> {
    const caller = await requireSignedIn(request);
    if (caller.profile.role !== 'superadmin') throw new AppError('superadmin_only');
    return { ...caller, scope: PLATFORM_SCOPE };
  }

  /**
   * The tenant of `slug` for its staff (superadmin, tenant_admin, game_manager) and its judges:
   * the guard of the tenant area. Anyone else gets a 404, the same answer as for a tenant that does not exist; a
   * staff member the endpoint's `policy` does not allow gets a 403. A tenant that is inactive or
   * past its expiry date provides no services (doc 1 §4, ARCHITECTURE §4): its own staff may
   * still sign in and read, but every write is refused; the superadmin keeps full access.
   * `writableWhileInactive` lets a write through while the tenant is only inactive, not expired.
   */
  async function requireTenantStaff(
    request: FastifyRequest,
    slug: string,
    policy: StaffPolicy,
    options: { writableWhileInactive?: boolean } = {},
  ): Promise<StaffAccess> {
    const caller = await requireSignedIn(request);
    const tenant = await findTenantBySlug(db, slug);
    if (!tenant) throw new AppError('tenant_not_found');
    const role = roleInTenant(caller.profile, caller.tenantRoles, tenant.id);
    // A judge is the tenant's too, for the review policy only (decision 0083).
    if (!role || !isReviewer(role)) throw new AppError('tenant_not_found');
    const scope: TenantScope = { kind: 'tenant', tenantId: tenant.id, slug: tenant.slug, role };
    if (!allowsStaff(policy, role)) throw new AppError('forbidden');
    // The tenant's own switch ('Profilo Attivo') can be turned back on; an expiry cannot.
    const judged = options.writableWhileInactive ? { ...tenant, is_active: true } : tenant;
    if (role !== 'superadmin' && !READ_METHODS.has(request.method) && !isAvailable(judged)) {
      throw new AppError('tenant_read_only');
    }
    return { ...caller, tenant, scope };
  }

  /** The tenant of `slug` (active or not), from the read cache or the database. */
  function findPublicTenant(slug: string): Promise<TenantRow | null> {
    return tenants.read(slug, async () => {
      const tenant = await findTenantBySlug(db, slug);
      return tenant && { tenantId: tenant.id, value: tenant };
    });
  }

  /**
   * The tenant of a player page with its scope; a tenant that is inactive or past its expiry
   * date provides no services (ARCHITECTURE §4).
   */
  async function requirePlayableTenant(slug: string): Promise<TenantAccess> {
    const tenant = await findPublicTenant(slug);
    if (!tenant) throw new AppError('tenant_not_found');
    if (!isAvailable(tenant)) throw new AppError('tenant_unavailable');
    return {
      tenant,
      scope: { kind: 'tenant', tenantId: tenant.id, slug: tenant.slug, role: 'player' },
    };
  }

  /** The team this browser proved in the tenant of `slug`; 401 without its player cookie. */
  async function requirePlayer(request: FastifyRequest, slug: string): Promise<PlayerAccess> {
    const found = await requirePlayableTenant(slug);
    const email = readPlayerEmail(request, found.tenant.id);
    if (!email) throw new AppError('player_session_invalid');
    return { ...found, email };
  }

  /**
   * Who looks at a tenant's private record (a game photo): the team this browser proved there,
   * and whether the caller is the tenant's staff; a policy decides. 404 for an unknown tenant.
   */
  async function readTenantViewer(request: FastifyRequest, slug: string): Promise<TenantViewer> {
    const tenant = await findTenantBySlug(db, slug);
    if (!tenant) throw new AppError('tenant_not_found');
    const teamEmail = readPlayerEmail(request, tenant.id);
    const caller = await readCaller(request);
    const role = caller?.profile?.is_active
      ? roleInTenant(caller.profile, caller.tenantRoles, tenant.id)
      : null;
    const isStaff = isTenantStaff(role);
    const scope: TenantScope = {
      kind: 'tenant',
      tenantId: tenant.id,
      slug: tenant.slug,
      role: isStaff && role ? role : 'player',
    };
    return { tenant, scope, teamEmail, isStaff };
  }

  return {
    findPublicTenant,
    readCaller,
    readTenantViewer,
    readPlayer: readPlayerEmail,
    requireSignedIn,
    requireSuperadmin,
    requireTenantStaff,
    requirePlayableTenant,
    requirePlayer,
  };
}
