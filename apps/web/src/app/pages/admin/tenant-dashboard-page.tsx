import { useNavigate, useParams } from '../../../lib/router';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';
import { FirstRouteStart } from '../../../features/manage-routes/first-route-start';
import { TenantDashboardOverview } from '../../../features/tenant-dashboard/tenant-dashboard-overview';

/**
 * `/:tenantSlug/dashboard`: the tenant dashboard inside the tenant area shell; a tenant without
 * routes is offered its first one, and goes to its route list once it is there.
 */
export function TenantDashboardPage() {
  const { tenantSlug = '' } = useParams();
  const navigate = useNavigate();
  return (
    <TenantAreaLayout>
      <TenantDashboardOverview
        tenantSlug={tenantSlug}
        firstRoute={
          <FirstRouteStart
            tenantSlug={tenantSlug}
            onDone={() => void navigate(`/${tenantSlug}/routes`)}
          />
        }
      />
    </TenantAreaLayout>
  );
}

export default TenantDashboardPage;
