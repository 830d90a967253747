import { useId } from 'react';
import { Link } from '../../components/link';
import { routeQuery, useScoreboardRoutes } from '../../api/scoreboards';
import { LoadingSpinner } from '../../components/loading-spinner';
import { useTranslation } from '../../lib/i18n';
import { FrozenNotice } from './frozen-notice';
import { LiveIndicator } from './live-indicator';
import { RankingTable } from './ranking-table';
import type { RankingColumn } from './ranking-table';
import { RouteFilter } from './route-filter';
import { TopTodayPanel } from './top-today-panel';
import { useLiveRankings } from './use-live-rankings';
import '../../components/admin-ui.css';
import './live-scoreboard.css';

/** The URL of the big-screen display of a tenant, optionally of one route. */
function bigScreenPath(slug: string, routeSlug: string | null): string {
  return `/${encodeURIComponent(slug)}/classifica${routeQuery(routeSlug)}`;
}

/** Props of `LiveScoreboard`. */
export interface LiveScoreboardProps {
  slug: string;
  /** The route filtered on, null for all routes. */
  routeSlug: string | null;
  onRouteChange: (routeSlug: string | null) => void;
}

/**
 * The tenant's live scoreboard (doc 2 §2): route filter, 'Top 3 Today' with its exit button and
 * the 'Live Rankings' table, updated by push (every 5 s without it); a link opens the big screen.
 */
export function LiveScoreboard({ slug, routeSlug, onRouteChange }: LiveScoreboardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const routes = useScoreboardRoutes(slug);
  const { rankings, isPending, isLive } = useLiveRankings(slug, routeSlug);
  const columns: RankingColumn[] = [
    { key: 'position', label: t('scoreboard.live.rank') },
    { key: 'team', label: t('scoreboard.live.team') },
    { key: 'score', label: t('scoreboard.live.score') },
    { key: 'progress', label: t('scoreboard.live.progress') },
    { key: 'lastSeen', label: t('scoreboard.live.lastSeen') },
  ];

  return (
    <main className="admin-page admin-page--wide live-board">
      <div className="live-board__title-row">
        <h1 className="admin-page__title">{t('tenantArea.tabs.scoreboard')}</h1>
        <LiveIndicator isLive={isLive} />
        <FrozenNotice rankings={rankings} />
      </div>
      <div className="live-board__toolbar">
        <RouteFilter
          routes={routes.data?.routes ?? []}
          value={routeSlug}
          onChange={onRouteChange}
        />
        <Link className="btn" to={bigScreenPath(slug, routeSlug)} target="_blank" rel="noopener">
          {t('scoreboard.openBigScreen')}
          <span className="visually-hidden"> ({t('scoreboard.newTab')})</span>
        </Link>
      </div>
      {isPending ? (
        <LoadingSpinner />
      ) : (
        <div className="live-board__grid">
          <TopTodayPanel slug={slug} today={rankings?.today ?? []} />
          <section className="panel live-board__rankings" aria-labelledby={headingId}>
            <h2 id={headingId} className="panel__title">
              {t('scoreboard.liveRankings')}
            </h2>
            <RankingTable
              variant="admin"
              rows={rankings?.overall ?? []}
              columns={columns}
              labelledBy={headingId}
              emptyText={t('scoreboard.noActiveGames')}
              now={rankings ? new Date(rankings.computed_at) : undefined}
            />
          </section>
        </div>
      )}
    </main>
  );
}
