import { useParams, useSearchParams } from '../../../lib/router';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';
import { LiveConsole } from '../../../features/live-console/live-console';

/**
 * `/:tenantSlug/live[?route=]`: the organiser's live console in the tenant area shell; the route
 * filter (a route id) lives in the query so a reload keeps it.
 */
export function LiveConsolePage() {
  const { tenantSlug = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const routeId = searchParams.get('route') || null;

  const handleRouteChange = (route: string | null) => {
    setSearchParams(route ? { route } : {}, { replace: true });
  };

  return (
    <TenantAreaLayout>
      <LiveConsole slug={tenantSlug} routeId={routeId} onRouteChange={handleRouteChange} />
    </TenantAreaLayout>
  );
}

export default LiveConsolePage;
