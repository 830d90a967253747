import type { SessionResponse } from '@tappa/contracts';
import { roleInTenant } from '@tappa/domain';
import type { Role, TenantRoleEntry } from '@tappa/domain';

/** Translation keys of the role badges. */
export type RoleLabelKey =
  | 'common.roles.superadmin'
  | 'common.roles.admin'
  | 'common.roles.manager'
  | 'common.roles.judge'
  | 'common.roles.user';

/** The badge text key of a role: Superadmin, Admin (tenant_admin), Manager (game_manager),
 * Judge, User. */
export function roleLabelKey(role: Role): RoleLabelKey {
  switch (role) {
    case 'superadmin':
      return 'common.roles.superadmin';
    case 'tenant_admin':
      return 'common.roles.admin';
    case 'game_manager':
      return 'common.roles.manager';
    case 'judge':
      return 'common.roles.judge';
    case 'player':
      return 'common.roles.user';
  }
}

/**
 * The signed-in user's role in the tenant of `slug` (superadmin always yields superadmin), read
 * from the session's tenant list through the domain's `roleInTenant`; null when none.
 */
export function tenantRoleFor(session: SessionResponse, slug: string): Role | null {
  const { profile, tenants } = session;
  if (!profile) return null;
  const entries = tenants.map((tenant): TenantRoleEntry => ({
    tenant_id: tenant.id,
    role: tenant.role,
    is_active: true,
  }));
  const tenant = tenants.find((candidate) => candidate.slug === slug);
  if (!tenant) return profile.role === 'superadmin' ? 'superadmin' : null;
  return roleInTenant(profile, entries, tenant.id);
}
