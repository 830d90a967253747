import { meetsRequiredRole } from '@tappa/domain';
import type { TenantScope } from '../../db/scope';

/** The registered teams are read by the tenant's staff, game managers included, and the superadmin. */
export function canReadPlayers(scope: TenantScope): boolean {
  return meetsRequiredRole(scope.role, 'tenant_admin');
}
