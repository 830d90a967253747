import { isTenantAdmin, isTenantStaff } from '@tappa/domain';
import type { TenantScope } from '../../db/scope';

/** The registered teams are read by the tenant's staff, game managers included, and the superadmin. */
export function canReadPlayers(scope: TenantScope): boolean {
  return isTenantStaff(scope.role);
}

/**
 * Erasing a team's data on its request (decision 0034) is for the tenant's admins and the
 * superadmin, like its admin users and brand: it cannot be undone. Game managers run the games
 * and read the teams, but do not erase them.
 */
export function canErasePlayers(scope: TenantScope): boolean {
  return isTenantAdmin(scope.role);
}
