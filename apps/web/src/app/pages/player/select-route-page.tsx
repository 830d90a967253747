import type { PausedGame, PlayableRoute } from '@tappa/contracts';
import { useNavigate, useParams } from '../../../lib/router';
import { PlayerHeader, TenantIntro } from '../../../features/player-common/player-header';
import { PlayerTenantGate } from '../../../features/player-common/player-tenant-gate';
import { RequireTeam } from '../../../features/player-common/require-team';
import { useResumeGame } from '../../../features/player-common/use-resume-game';
import { PausedGamesList } from '../../../features/player-start/paused-games-list';
import { RouteList } from '../../../features/route-select/route-list';
import { useTranslation } from '../../../lib/i18n';

/**
 * `/:tenantSlug/select-route`: the team's interrupted games ('Giochi Interrotti': paused, or
 * idle for 15 minutes, as the server says) and the active routes as cards; a card with a game
 * in progress resumes it, any other opens the route's details. Needs an identified, registered
 * team.
 */
export function SelectRoutePage() {
  const { t } = useTranslation();
  const slug = useParams().tenantSlug ?? '';
  return (
    <PlayerTenantGate
      slug={slug}
      title={(tenant) => t('player.routesTitle', { tenant: tenant.name })}
    >
      {(tenant) => (
        <>
          <PlayerHeader
            tenant={tenant}
            backTo={`/${slug}/start`}
            backLabel={t('player.backToStart')}
          />
          <TenantIntro tenant={tenant} />
          <RequireTeam slug={slug}>
            {(profile) => <SelectRoute slug={slug} pausedGames={profile.paused_games} />}
          </RequireTeam>
        </>
      )}
    </PlayerTenantGate>
  );
}

/** The interrupted games, the heading and the cards of an identified team. */
function SelectRoute({ slug, pausedGames }: { slug: string; pausedGames: readonly PausedGame[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { resume, resumingId } = useResumeGame(slug);

  const handleOpen = (route: PlayableRoute) => {
    if (route.in_progress) resume(route.in_progress.game_id);
    else void navigate(`/${slug}/${encodeURIComponent(route.slug)}/details`);
  };

  return (
    <>
      <h1 className="player-title">{t('player.routes.title')}</h1>
      <PausedGamesList
        title={t('player.pausedGames')}
        games={pausedGames}
        onResume={resume}
        resumingId={resumingId}
      />
      <RouteList slug={slug} onOpen={handleOpen} busyGameId={resumingId} />
    </>
  );
}

export default SelectRoutePage;
