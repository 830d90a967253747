/** The roles of the spec, platform-wide and per tenant. */
export const ROLES = ['superadmin', 'tenant_admin', 'game_manager', 'player'] as const;
export type Role = (typeof ROLES)[number];

/** What the access rules need of an application profile. */
export interface AccessProfile {
  role: Role;
  tenant_id: string | null;
}

/** An entry of `user_tenant_roles`. */
export interface TenantRoleEntry {
  tenant_id: string;
  role: Role;
  is_active: boolean;
}

/**
 * The user's role in a tenant (doc 1 §4): superadmin always yields superadmin; else the
 * profile's own role when its tenant matches; else the active entry of the tenant roles; else none.
 */
export function roleInTenant(
  profile: AccessProfile,
  tenantRoles: readonly TenantRoleEntry[],
  tenantId: string,
): Role | null {
  if (profile.role === 'superadmin') return 'superadmin';
  if (profile.tenant_id === tenantId) return profile.role;
  return tenantRoles.find((r) => r.tenant_id === tenantId && r.is_active)?.role ?? null;
}

/**
 * Whether a role passes the guard's required role (doc 1 §2): `superadmin` admits only the
 * superadmin; `tenant_admin` admits superadmin, tenant_admin and game_manager.
 */
export function meetsRequiredRole(
  role: Role | null,
  required: 'superadmin' | 'tenant_admin',
): boolean {
  if (role === null) return false;
  switch (required) {
    case 'superadmin':
      return role === 'superadmin';
    case 'tenant_admin':
      return role === 'superadmin' || role === 'tenant_admin' || role === 'game_manager';
  }
}

/** Brand and admin users of a tenant are for its tenant admins and the superadmin only. */
export function canManageTenantAccounts(role: Role | null): boolean {
  return role === 'superadmin' || role === 'tenant_admin';
}

/** First path segments that are not tenants when choosing a login page. */
const NON_TENANT_SEGMENTS = new Set(['superadmin', 'login', 'home']);

/**
 * Where an unauthenticated visitor of `pathname` signs in (doc 1 §2): the tenant login of the
 * first path segment when there is one that can be a tenant, otherwise the generic `/login`.
 */
export function loginPathFor(pathname: string): string {
  const segment = pathname.split('/').find((part) => part !== '');
  if (!segment || NON_TENANT_SEGMENTS.has(segment)) return '/login';
  return `/${segment}/login`;
}
