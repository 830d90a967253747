import { DEFAULT_TIME_ZONE } from '@tappa/domain';
import { publicTenantQueryOptions } from '../api/public-tenants';
import { type ClockStyle, useClock, useClockParts } from '../lib/clock';
import { useQuery } from '../lib/query';
import { useParams } from '../lib/router';
import './tenant-clock.css';

/**
 * The zone of the tenant whose times a page shows: the tenant of the address (its public face,
 * which its pages have loaded already: no extra request), else the default zone, the platform's
 * clock (the superadmin's pages: the audit log, the tenants table; decision 0067).
 */
export function useTenantTimeZone(): string {
  const { tenantSlug = '' } = useParams();
  const tenant = useQuery({ ...publicTenantQueryOptions(tenantSlug), enabled: tenantSlug !== '' });
  return tenant.data?.time_zone ?? DEFAULT_TIME_ZONE;
}

/** A formatter of instants on the tenant's wall clock (`useTenantTimeZone`), zone named where needed. */
export function useTenantClock(): (instant: string | Date, style: ClockStyle) => string {
  return useClock(useTenantTimeZone());
}

/**
 * An instant from the API on the tenant's wall clock, machine-readable too; a named zone goes
 * on a line of its own, so a table's time column stays narrow.
 */
export function TenantTime({ iso, style }: { iso: string; style: ClockStyle }) {
  const { text, zone } = useClockParts(useTenantTimeZone())(iso, style);
  return (
    <time dateTime={iso}>
      {text}
      {zone === null ? null : <span className="clock-zone"> ({zone})</span>}
    </time>
  );
}
