import { localDateTime } from './pricing';

/**
 * Whether a tenant provides its services (ARCHITECTURE §4): it must be active and not past its
 * expiry date, which is the last day of service in the tenant's time zone.
 */
export function isTenantAvailable(
  tenant: { isActive: boolean; expiryDate: string | null },
  now: Date,
  timeZone = 'Europe/Rome',
): boolean {
  if (!tenant.isActive) return false;
  if (tenant.expiryDate === null) return true;
  return localDateTime(now, timeZone).date <= tenant.expiryDate;
}
