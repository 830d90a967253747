import type { PublicTenant } from '@tappa/contracts';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useParams, useSearchParams } from '../../../lib/router';
import { gameAlbumUrl, useGameAlbum } from '../../../api/game-album';
import { useGameResult } from '../../../api/scoreboards';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { MessageCenter } from '../../../features/messages/message-center';
import { PlayerHeader } from '../../../features/player-common/player-header';
import { PlayerTenantGate } from '../../../features/player-common/player-tenant-gate';
import { PlayerRankings } from '../../../features/scoreboards/player-rankings';
import { currentPosition, ResultCard } from '../../../features/scoreboards/result-card';
import { ScoreboardHeader } from '../../../features/scoreboards/scoreboard-header';
import { useLiveRankings } from '../../../features/scoreboards/use-live-rankings';
import { useTranslation } from '../../../lib/i18n';

const TeamLedger = lazy(() => import('../../../features/scoreboards/team-ledger'));
const TeamResults = lazy(() => import('../../../features/scoreboards/team-results'));

/**
 * `/:tenantSlug/game/scoreboard?route=&game=`: the end-of-game scoreboard (doc 2 §2). Public: with
 * a game id it congratulates that team and highlights its row.
 */
export function FinalScoreboardPage() {
  const { t } = useTranslation();
  const slug = useParams().tenantSlug ?? '';
  const [searchParams] = useSearchParams();
  const routeSlug = searchParams.get('route') || null;
  const gameId = searchParams.get('game') || null;
  return (
    <PlayerTenantGate
      slug={slug}
      title={(tenant) => t('scoreboard.pageTitle', { tenant: tenant.name })}
    >
      {(tenant) => (
        <FinalScoreboard tenant={tenant} slug={slug} routeSlug={routeSlug} gameId={gameId} />
      )}
    </PlayerTenantGate>
  );
}

/** Props of `FinalScoreboard`. */
interface FinalScoreboardProps {
  tenant: PublicTenant;
  slug: string;
  routeSlug: string | null;
  gameId: string | null;
}

/** Header, the team's card and the two rankings, kept live. */
function FinalScoreboard({ tenant, slug, routeSlug, gameId }: FinalScoreboardProps) {
  const { t } = useTranslation();
  const { rankings, isPending } = useLiveRankings(slug, routeSlug);
  const result = useGameResult(slug, gameId).data;
  const resultRoute = result?.route.slug === routeSlug ? result?.route.title : undefined;
  const knownTitle = rankings?.route?.title ?? resultRoute ?? (isPending ? undefined : routeSlug);
  const routeTitle = routeSlug ? knownTitle : null;
  return (
    <>
      <ScoreboardHeader
        slug={slug}
        tenantHeader={<PlayerHeader tenant={tenant} />}
        routeTitle={routeTitle}
      />
      {gameId ? <MessageCenter slug={slug} timeZone={tenant.time_zone} /> : null}
      {result && <ResultCard result={result} position={currentPosition(result, rankings)} />}
      {result && gameId ? (
        <OnDemandSection label={t('scoreboard.whyPoints')} className="team-ledger-card">
          <TeamLedger slug={slug} gameId={gameId} />
        </OnDemandSection>
      ) : null}
      {/* The team's own results, once its game is over (decision 0088). */}
      {result?.status === 'completed' && gameId ? (
        <OnDemandSection label={t('scoreboard.ourResults')} className="team-results-card">
          <TeamResults tenant={tenant} slug={slug} gameId={gameId} />
        </OnDemandSection>
      ) : null}
      {result && gameId ? <OurPhotos slug={slug} gameId={gameId} /> : null}
      {isPending ? (
        <LoadingSpinner />
      ) : (
        <PlayerRankings rankings={rankings} highlightId={result?.row_id} />
      )}
    </>
  );
}

/**
 * A card with a button that opens what it holds, loaded only then (the page's budget): 'Perché
 * questi punti' (the team's ledger) and 'I nostri risultati' (decision 0088).
 */
function OnDemandSection({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  return (
    <section className={`player-card ${className}`}>
      <button
        type="button"
        className="player-button player-button--secondary"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => setIsOpen(!isOpen)}
      >
        {label}
      </button>
      {isOpen ? (
        <div id={panelId}>
          <Suspense fallback={<LoadingSpinner />}>{children}</Suspense>
        </div>
      ) : null}
    </section>
  );
}

/**
 * 'Scarica le nostre foto' (decision 0082): the team's own photos as a ZIP, offered when its game
 * has some; anyone else with the link (no cookie, another team's) is answered no album, and sees
 * nothing. A plain link: the browser saves the ZIP as it streams.
 */
function OurPhotos({ slug, gameId }: { slug: string; gameId: string }) {
  const { t } = useTranslation();
  const album = useGameAlbum(slug, gameId).data;
  if (!album) return null;
  return (
    <section className="player-card">
      <a
        className="player-button player-button--secondary"
        href={gameAlbumUrl(slug, gameId)}
        download
      >
        {t('scoreboard.ourPhotos')}
      </a>
      <p className="player-muted team-photos__count">
        {t('scoreboard.photoCount', { count: album.photos })}
      </p>
    </section>
  );
}

export default FinalScoreboardPage;
