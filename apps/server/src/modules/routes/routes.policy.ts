import { isTenantStaff } from '@tappa/domain';
import type { TenantScope } from '../../db/scope';

/**
 * Routes, their steps, images and JSON are managed by the tenant's staff, game managers included
 * (ARCHITECTURE §4), and by the superadmin.
 */
export function canManageRoutes(scope: TenantScope): boolean {
  return isTenantStaff(scope.role);
}
