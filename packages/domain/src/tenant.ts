import { localDateTime } from './pricing';

/** Whether a tenant provides its services, and if not why: switched off, or past its expiry. */
export const TENANT_STATUSES = ['active', 'inactive', 'expired'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

/**
 * A tenant's status (ARCHITECTURE §4): 'inactive' when 'Profilo Attivo' is off, 'expired' after
 * its expiry date, which is the last day of service in the tenant's time zone, else 'active'.
 */
export function tenantStatus(
  tenant: { isActive: boolean; expiryDate: string | null },
  now: Date,
  timeZone = 'Europe/Rome',
): TenantStatus {
  if (!tenant.isActive) return 'inactive';
  if (tenant.expiryDate === null) return 'active';
  return localDateTime(now, timeZone).date <= tenant.expiryDate ? 'active' : 'expired';
}

/** Whether a tenant provides its services: active and not past its expiry date. */
export function isTenantAvailable(
  tenant: { isActive: boolean; expiryDate: string | null },
  now: Date,
  timeZone = 'Europe/Rome',
): boolean {
  return tenantStatus(tenant, now, timeZone) === 'active';
}
