import { useParams, useSearchParams } from '../../../lib/router';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';
import { LiveConsole } from '../../../features/live-console/live-console';
import { ComposeDialog } from '../../../features/staff-messages/compose-dialog';

/**
 * `/:tenantSlug/live[?route=]`: the organiser's live console in the tenant area shell; the route
 * filter (a route id) lives in the query so a reload keeps it. A team's row writes to it through
 * the messages' compose dialog (features never import each other: the page brings them together).
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
      <LiveConsole
        slug={tenantSlug}
        routeId={routeId}
        onRouteChange={handleRouteChange}
        renderMessageDialog={(team, onClose) => (
          <ComposeDialog
            slug={tenantSlug}
            game={{ gameId: team.game_id, teamName: team.team_name }}
            onClose={onClose}
          />
        )}
      />
    </TenantAreaLayout>
  );
}

export default LiveConsolePage;
