import type { PlayableRoute, PlayerProfile } from '@tappa/contracts';
import { TEAM_NAME_MAX_LENGTH } from '@tappa/domain';
import { useMutation } from '../../../lib/query';
import { useState } from 'react';
import { useParams } from '../../../lib/router';
import { saveRegistration, useProfileCache } from '../../../api/play';
import { PlayerHeader } from '../../../features/player-common/player-header';
import { PlayerTenantGate } from '../../../features/player-common/player-tenant-gate';
import { RequireTeam } from '../../../features/player-common/require-team';
import { useGoToGameplay, useResumeGame } from '../../../features/player-common/use-resume-game';
import { PausedGamesList } from '../../../features/player-start/paused-games-list';
import { AccessCodeModal } from '../../../features/route-details/access-code-modal';
import { useRouteStart } from '../../../features/route-details/use-route-start';
import { RouteStartList } from '../../../features/route-select/route-start-list';
import { serverErrorText } from '../../../lib/error-text';
import { useTranslation } from '../../../lib/i18n';
import { toasts } from '../../../lib/dialogs';

/**
 * `/:tenantSlug/gioco`: the older Start Game page: paused games, the team name and the routes
 * with 'Start', which behaves like 'Seleziona questo percorso'. Needs an identified team.
 */
export function PlayEntryPage() {
  const { t } = useTranslation();
  const slug = useParams().tenantSlug ?? '';
  const entry = (profile: PlayerProfile) => <PlayEntry slug={slug} profile={profile} />;
  return (
    <PlayerTenantGate
      slug={slug}
      title={(tenant) => t('player.playTitle', { tenant: tenant.name })}
    >
      {(tenant) => (
        <>
          <PlayerHeader
            tenant={tenant}
            backTo={`/${slug}/start`}
            backLabel={t('player.backToStart')}
          />
          <RequireTeam slug={slug} unregistered={entry}>
            {entry}
          </RequireTeam>
        </>
      )}
    </PlayerTenantGate>
  );
}

/** The sections of the Start Game page for an identified team. */
function PlayEntry({ slug, profile }: { slug: string; profile: PlayerProfile }) {
  const { t } = useTranslation();
  const registration = profile.registration;
  const [teamName, setTeamName] = useState(registration?.team_name ?? '');
  const cache = useProfileCache(slug);
  const { resume, resumingId } = useResumeGame(slug);
  const goToGameplay = useGoToGameplay(slug);
  const flow = useRouteStart({ slug, onPlay: goToGameplay });
  const save = useMutation({
    mutationFn: (name: string) =>
      saveRegistration(slug, {
        teamName: name,
        members: registration?.team_members ?? '',
        avatar: null,
      }),
    onSuccess: cache.setRegistration,
  });
  const name = teamName.trim();

  const handleStart = async (route: PlayableRoute) => {
    if (name === '') return;
    // The team name is saved first when it is new or changed (doc 2 §5: non-empty, trimmed).
    if (name !== registration?.team_name) {
      try {
        await save.mutateAsync(name);
      } catch (error) {
        toasts.error(serverErrorText(error, t) ?? t('player.saveFailed'));
        return;
      }
    }
    flow.start(route.slug);
  };

  return (
    <>
      <PausedGamesList
        title={t('player.pausedGames')}
        games={profile.paused_games}
        onResume={resume}
        resumingId={resumingId}
      />
      <section className="player-card" aria-labelledby="entry-team-title">
        <h2 id="entry-team-title" className="player-subtitle">
          {t('player.teamInformation')}
        </h2>
        <div className="player-field">
          <label className="player-field__label" htmlFor="entry-team-name">
            {t('player.teamName')}
          </label>
          <input
            id="entry-team-name"
            className="player-input"
            name="team_name"
            autoComplete="off"
            maxLength={TEAM_NAME_MAX_LENGTH}
            value={teamName}
            aria-invalid={name === ''}
            aria-describedby={name === '' ? 'entry-team-name-error' : undefined}
            onChange={(event) => setTeamName(event.target.value)}
          />
          {name === '' && (
            <span id="entry-team-name-error" className="player-field__error">
              {t('player.entry.teamNameRequired')}
            </span>
          )}
        </div>
      </section>
      <section className="player-card" aria-labelledby="entry-routes-title">
        <h2 id="entry-routes-title" className="player-subtitle">
          {t('player.selectRoute')}
        </h2>
        <RouteStartList
          slug={slug}
          canStart={name !== '' && !save.isPending}
          startingSlug={flow.startingSlug}
          onStart={(route) => void handleStart(route)}
        />
      </section>
      {flow.codeRoute && (
        <AccessCodeModal
          slug={slug}
          routeSlug={flow.codeRoute}
          onClose={flow.closeCode}
          onPlay={goToGameplay}
        />
      )}
    </>
  );
}

export default PlayEntryPage;
