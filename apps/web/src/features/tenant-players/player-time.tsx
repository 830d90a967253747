import { TenantTime } from '../../components/tenant-clock';

/** A registration or game time of the Players tab, to the minute on the tenant's clock. */
export function PlayerTime({ iso }: { iso: string }) {
  return <TenantTime iso={iso} style="dateTime" />;
}
