import { isTenantAdmin } from '@tappa/domain';
import type { TenantScope } from '../../db/scope';

/**
 * A tenant's brand and settings are for its tenant admins and the superadmin; game managers may
 * not change them (ARCHITECTURE §4).
 */
export function canManageTenantBrand(scope: TenantScope): boolean {
  return isTenantAdmin(scope.role);
}

/** A tenant's admin users are for its tenant admins and the superadmin, not its game managers. */
export function canManageTenantStaff(scope: TenantScope): boolean {
  return isTenantAdmin(scope.role);
}
