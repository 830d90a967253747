import type { RouteDetails } from '@tappa/contracts';
import { useParams, useSearchParams } from '../../../lib/router';
import { PlayerTenantGate } from '../../../features/player-common/player-tenant-gate';
import { RequireTeam } from '../../../features/player-common/require-team';
import { RoundBackLink } from '../../../features/player-common/round-back-link';
import { useGoToGameplay } from '../../../features/player-common/use-resume-game';
import { AccessCodeModal } from '../../../features/route-details/access-code-modal';
import { RouteDetailsLoader } from '../../../features/route-details/route-details-loader';
import { RouteDetailsView } from '../../../features/route-details/route-details-view';
import { useRouteStart } from '../../../features/route-details/use-route-start';
import { useTranslation } from '../../../lib/i18n';

/**
 * `/:tenantSlug/:routeSlug/details`: a route's details and 'Seleziona questo percorso'. Without
 * an identified team it goes to the start screen; a missing route goes back to the list.
 */
export function RouteDetailsPage() {
  const params = useParams();
  const slug = params.tenantSlug ?? '';
  const routeSlug = params.routeSlug ?? '';
  return (
    <PlayerTenantGate slug={slug} title={(tenant) => tenant.name}>
      {() => (
        <RequireTeam slug={slug}>
          {() => (
            <RouteDetailsLoader slug={slug} routeSlug={routeSlug}>
              {(route) => <RouteChoice slug={slug} route={route} />}
            </RouteDetailsLoader>
          )}
        </RequireTeam>
      )}
    </PlayerTenantGate>
  );
}

/** The loaded route with its start flow (play, access code or payment). */
function RouteChoice({ slug, route }: { slug: string; route: RouteDetails }) {
  const { t } = useTranslation();
  const goToGameplay = useGoToGameplay(slug);
  // A printed code card's QR opens this page with `?code=`: the dialog starts with it filled in.
  const initialCode = useSearchParams()[0].get('code') ?? '';
  const flow = useRouteStart({ slug, onPlay: goToGameplay, code: initialCode });
  return (
    <>
      <RouteDetailsView
        route={route}
        back={<RoundBackLink to={`/${slug}/select-route`} label={t('player.back')} />}
        selecting={flow.startingSlug === route.slug}
        onSelect={() => flow.start(route.slug)}
      />
      {flow.codeRoute && (
        <AccessCodeModal
          slug={slug}
          routeSlug={flow.codeRoute}
          onClose={flow.closeCode}
          onPlay={goToGameplay}
          initialCode={initialCode}
        />
      )}
    </>
  );
}

export default RouteDetailsPage;
