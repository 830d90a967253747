import { DEFAULT_TIME_ZONE } from '@tappa/domain';
import { useContext } from 'react';
import { publicTenantQueryOptions } from '../api/public-tenants';
import { type ClockStyle, ClockZoneContext, useClock } from '../lib/clock';
import { useQuery } from '../lib/query';
import { useParams } from '../lib/router';

/**
 * The zone of the tenant whose times a page shows: the one a `ClockZoneContext` names, else the
 * tenant of the address (its public face, which its pages have loaded already), else the
 * default (the superadmin's platform pages: the audit log, the tenants table).
 */
export function useTenantTimeZone(): string {
  const named = useContext(ClockZoneContext);
  const { tenantSlug = '' } = useParams();
  const tenant = useQuery({
    ...publicTenantQueryOptions(tenantSlug),
    enabled: named === null && tenantSlug !== '',
  });
  return named ?? tenant.data?.time_zone ?? DEFAULT_TIME_ZONE;
}

/** A formatter of instants on the tenant's wall clock (`useTenantTimeZone`), zone named where needed. */
export function useTenantClock(): (instant: string | Date, style: ClockStyle) => string {
  return useClock(useTenantTimeZone());
}

/** An instant from the API on the tenant's wall clock, machine-readable too. */
export function TenantTime({ iso, style }: { iso: string; style: ClockStyle }) {
  const format = useTenantClock();
  return <time dateTime={iso}>{format(iso, style)}</time>;
}
