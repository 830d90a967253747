import { TenantTime } from './tenant-clock';

/**
 * A record's created date (`iso`, from the API) as the administration tables show it: the
 * Italian way (dd/mm/yyyy), the day on the tenant's clock.
 */
export function CreatedDate({ iso }: { iso: string }) {
  return <TenantTime iso={iso} style="date" />;
}
