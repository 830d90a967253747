import { isTenantAdmin, isTenantStaff } from '@tappa/domain';
import type { TenantScope } from '../../db/scope';

/**
 * The Stripe account a tenant is paid into is for its tenant admins and the superadmin, as its
 * brand is: a game manager neither reads nor changes it (decision 0043).
 */
export function canManagePaymentSettings(scope: TenantScope): boolean {
  return isTenantAdmin(scope.role);
}

/**
 * A route's payments list and its CSV are for the tenant's staff, game managers included, and
 * the superadmin: who paid is what the staff check at the event, as they read the teams
 * (decision 0046).
 */
export function canReadRoutePayments(scope: TenantScope): boolean {
  return isTenantStaff(scope.role);
}

/**
 * Giving money back is for the tenant admins and the superadmin only, like the Stripe account it
 * comes from (decision 0046): a game manager sees the payments but does not refund them.
 */
export function canRefundPayments(scope: TenantScope): boolean {
  return isTenantAdmin(scope.role);
}
