import { isTenantStaff } from '@tappa/domain';
import type { TenantScope } from '../../db/scope';

/** A route's scoreboard is exported and reset by the tenant's staff and the superadmin. */
export function canManageScoreboard(scope: TenantScope): boolean {
  return isTenantStaff(scope.role);
}

/** The daily reset of a tenant's scoreboard is a superadmin tool (doc 1 §2). */
export function canResetDailyScoreboard(scope: TenantScope): boolean {
  return scope.role === 'superadmin';
}
