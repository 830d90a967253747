import { isTenantStaff } from '@tappa/domain';
import type { TenantScope } from '../../db/scope';

/** Access codes are managed by the tenant's staff, game managers included, and the superadmin. */
export function canManageAccessCodes(scope: TenantScope): boolean {
  return isTenantStaff(scope.role);
}
