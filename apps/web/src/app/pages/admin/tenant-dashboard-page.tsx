import { useParams } from '../../../lib/router';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';
import { TenantDashboardOverview } from '../../../features/tenant-dashboard/tenant-dashboard-overview';

/** `/:tenantSlug/dashboard`: the tenant dashboard inside the tenant area shell. */
export function TenantDashboardPage() {
  const { tenantSlug = '' } = useParams();
  return (
    <TenantAreaLayout>
      <TenantDashboardOverview tenantSlug={tenantSlug} />
    </TenantAreaLayout>
  );
}

export default TenantDashboardPage;
