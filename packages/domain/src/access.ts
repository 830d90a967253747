/**
 * The roles of the spec, platform-wide and per tenant, and `judge` (issue 34, decision 0083): a
 * tenant's judge may only review answers and show the photo wall.
 */
export const ROLES = ['superadmin', 'tenant_admin', 'game_manager', 'judge', 'player'] as const;
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

/** Whether a role is staff of a tenant: its tenant admins and game managers, and the superadmin. */
export function isTenantStaff(role: Role | null): boolean {
  return role === 'superadmin' || role === 'tenant_admin' || role === 'game_manager';
}

/**
 * Whether a role administers a tenant: its tenant admins and the superadmin, not its game
 * managers (ARCHITECTURE §4: the brand, the admin users, the money).
 */
export function isTenantAdmin(role: Role | null): boolean {
  return role === 'superadmin' || role === 'tenant_admin';
}

/**
 * Which of a tenant's staff may call a staff endpoint: `staff` (all of it), `admin` (its
 * tenant admins and the superadmin) or `review` (its staff and its judges, decision 0083). Each staff endpoint names one (decision 0060); what only
 * the superadmin may do is an endpoint of access `superadmin`.
 */
export type StaffPolicy = 'staff' | 'admin' | 'review';

/** Whether a role may review a tenant's answers and show its photo wall: its staff and judges. */
export function isReviewer(role: Role | null): boolean {
  return isTenantStaff(role) || role === 'judge';
}

/** Whether `role` may call a staff endpoint of `policy`. */
export function allowsStaff(policy: StaffPolicy, role: Role | null): boolean {
  switch (policy) {
    case 'staff':
      return isTenantStaff(role);
    case 'admin':
      return isTenantAdmin(role);
    case 'review':
      return isReviewer(role);
  }
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
