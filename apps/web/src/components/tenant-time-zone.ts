import { DEFAULT_TIME_ZONE } from '@tappa/domain';
import { publicTenantQueryOptions } from '../api/public-tenants';
import { useQuery } from '../lib/query';
import { useParams } from '../lib/router';

/**
 * The zone of the tenant whose times a page shows: the tenant of the address (its public face,
 * which its pages have loaded already: no extra request), else the default zone, the platform's
 * clock (the superadmin's pages: the audit log, the tenants table; decision 0067). Apart from
 * `tenant-clock.tsx` so that a lazy part of the phone can use it without that file's styles.
 */
export function useTenantTimeZone(): string {
  const { tenantSlug = '' } = useParams();
  const tenant = useQuery({ ...publicTenantQueryOptions(tenantSlug), enabled: tenantSlug !== '' });
  return tenant.data?.time_zone ?? DEFAULT_TIME_ZONE;
}
