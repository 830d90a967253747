import { useParams, useSearchParams } from '../../../lib/router';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';
import { LiveScoreboard } from '../../../features/scoreboards/live-scoreboard';

/**
 * `/:tenantSlug/scoreboard[?route=]`: the live scoreboard in the tenant area shell; the route
 * filter lives in the query so a reload (and the big-screen link) keeps it.
 */
export function LiveScoreboardPage() {
  const { tenantSlug = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const routeSlug = searchParams.get('route') || null;

  const handleRouteChange = (route: string | null) => {
    setSearchParams(route ? { route } : {}, { replace: true });
  };

  return (
    <TenantAreaLayout>
      <LiveScoreboard slug={tenantSlug} routeSlug={routeSlug} onRouteChange={handleRouteChange} />
    </TenantAreaLayout>
  );
}

export default LiveScoreboardPage;
