import { meetsRequiredRole } from '@tappa/domain';
import type { TenantScope } from '../../db/scope';

/** Price lists are managed by the tenant's staff, game managers included, and the superadmin. */
export function canManagePricing(scope: TenantScope): boolean {
  return meetsRequiredRole(scope.role, 'tenant_admin');
}
