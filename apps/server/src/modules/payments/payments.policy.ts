import { canManageTenantAccounts } from '@tappa/domain';
import type { TenantScope } from '../../db/scope';

/**
 * The Stripe account a tenant is paid into is for its tenant admins and the superadmin, as its
 * brand is: a game manager neither reads nor changes it (decision 0043).
 */
export function canManagePaymentSettings(scope: TenantScope): boolean {
  return canManageTenantAccounts(scope.role);
}
