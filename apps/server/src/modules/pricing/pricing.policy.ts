import { isTenantStaff } from '@tappa/domain';
import type { TenantScope } from '../../db/scope';

/** Price lists are managed by the tenant's staff, game managers included, and the superadmin. */
export function canManagePricing(scope: TenantScope): boolean {
  return isTenantStaff(scope.role);
}
