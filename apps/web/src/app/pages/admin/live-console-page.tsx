import { useParams, useSearchParams } from '../../../lib/router';
import { TenantAreaLayout } from '../../../components/tenant-area-layout';
import { consoleQuery, consoleViewOf } from '../../../features/live-console/console-address';
import type { ConsoleView } from '../../../features/live-console/console-view-tabs';
import { LiveConsole } from '../../../features/live-console/live-console';
import { LiveMapPanel } from '../../../features/live-console/live-map-loader';
import { ComposeDialog } from '../../../features/staff-messages/compose-dialog';

/**
 * `/:tenantSlug/live[?route=][&view=map]`: the organiser's live console in the tenant area shell;
 * the route filter (a route id) and the map view live in the query, so a reload or a bookmark
 * opens the console as it was (decision 0090). A team's row writes to it through the messages'
 * compose dialog (features never import each other: the page brings them together).
 */
export function LiveConsolePage() {
  const { tenantSlug = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const routeId = searchParams.get('route') || null;
  const view = consoleViewOf(searchParams);

  // Both change the address in place: the back button leaves the console, not a tab.
  const show = (route: string | null, shown: ConsoleView) => {
    setSearchParams(consoleQuery(route, shown), { replace: true });
  };

  return (
    <TenantAreaLayout>
      <LiveConsole
        slug={tenantSlug}
        routeId={routeId}
        onRouteChange={(route) => show(route, view)}
        view={view}
        onViewChange={(shown) => show(routeId, shown)}
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

/**
 * What the console's address asks for beyond the page, loaded before its first render (the
 * router asks each page's module): the map's code, when it opens on the map.
 */
export async function preloadFor(search: string): Promise<void> {
  if (consoleViewOf(new URLSearchParams(search)) === 'map') await LiveMapPanel.preload();
}
