import { Navigate, useParams, useSearchParams } from '../../../lib/router';
import { useGameState } from '../../../api/games';
import { GameplayScreen } from '../../../features/gameplay/gameplay-screen';
import { MessageCenter } from '../../../features/messages/message-center';
import { PlayerTenantGate } from '../../../features/player-common/player-tenant-gate';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { playerLogoUrl } from '../../../lib/player-logo';
import { useTranslation } from '../../../lib/i18n';

/**
 * `/:tenantSlug/gioco/step[/:routeSlug]?route=&game=`: the gameplay screen. Without tenant or game
 * it does nothing; without the route slug it says so; without the team's cookie it goes to start.
 */
export function GameplayPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const slug = params.tenantSlug ?? '';
  const routeSlug = search.get('route') ?? params.routeSlug ?? '';
  const gameId = search.get('game') ?? '';
  if (slug === '' || gameId === '') return null;
  if (routeSlug === '') {
    return (
      <p className="player-alert" role="alert">
        {t('gameplay.missingRouteSlug')}
      </p>
    );
  }
  return (
    <PlayerTenantGate slug={slug} title={(tenant) => tenant.name}>
      {(tenant) => (
        <GameContent
          slug={slug}
          gameId={gameId}
          logoUrl={playerLogoUrl(tenant)}
          tenantName={tenant.name}
          timeZone={tenant.time_zone}
        />
      )}
    </PlayerTenantGate>
  );
}

/** Props of `GameContent`. */
interface GameContentProps {
  slug: string;
  gameId: string;
  logoUrl: string | null;
  tenantName: string;
  timeZone: string;
}

/**
 * Loads the game: 'Loading game...', then the screen with the team's messages over it; a 401
 * goes back to the start screen.
 */
function GameContent({ slug, gameId, logoUrl, tenantName, timeZone }: GameContentProps) {
  const { t } = useTranslation();
  const game = useGameState(slug, gameId);
  if (game.isPending) return <p className="player-muted">{t('gameplay.loading')}</p>;
  if (game.isError) {
    if (game.error instanceof ApiError && game.error.status === 401) {
      return <Navigate to={`/${slug}/start`} replace />;
    }
    return (
      <p className="player-alert" role="alert">
        {errorText(game.error, t)}
      </p>
    );
  }
  return (
    <>
      <MessageCenter slug={slug} timeZone={timeZone} />
      <GameplayScreen
        key={game.data.id}
        slug={slug}
        game={game.data}
        logoUrl={logoUrl}
        tenantName={tenantName}
      />
    </>
  );
}

export default GameplayPage;

/** The answers made offline, sent from another page (the root layout loads this chunk for it). */
export { sendWaiting } from '../../../features/gameplay/offline/send-waiting';
