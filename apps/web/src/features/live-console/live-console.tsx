import { STUCK_AFTER_MINUTES_DEFAULT } from '@tappa/domain';
import type { GameEvent, LiveTeam } from '@tappa/contracts';
import { Suspense, useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { useLiveConsole } from '../../api/live';
import { useReviewSummary } from '../../api/review';
import { useMessageBoard } from '../../api/staff-messages';
import { useRouteList } from '../../api/routes';
import { Link } from '../../components/link';
import { LoadingSpinner } from '../../components/loading-spinner';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { HelpDialog } from './help-dialog';
import { PointsDialog, UndoDialog } from './points-dialogs';
import { ActivityFeed } from './activity-feed';
import { type ConsoleView, ConsoleViewTabs, tabIdOf } from './console-view-tabs';
import { RoutePanel } from './route-panel';
import type { TeamAction } from './team-actions-menu';
import { LiveMapPanel } from './live-map-loader';
import { TeamTable } from './team-table';
import '../../components/admin-ui.css';
import './live-console.css';

/** How often ages and the stale and stuck badges follow the clock between pushes. */
const TICK_MS = 15_000;

/** How often the review link's pending count is read again. */
const REVIEW_COUNT_MS = 15_000;

/** The time now, again every `everyMs`. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The dialog open on the console, if any. */
type OpenDialog =
  { kind: 'team'; team: LiveTeam; action: TeamAction } | { kind: 'undo'; event: GameEvent } | null;

/** Props of `LiveConsole`. */
export interface LiveConsoleProps {
  slug: string;
  /** The route filtered on (its id), null for all routes. */
  routeId: string | null;
  onRouteChange: (routeId: string | null) => void;
  /** The view shown, 'Squadre' or 'Mappa' (the page keeps it in the address). */
  view: ConsoleView;
  onViewChange: (view: ConsoleView) => void;
  /**
   * The dialog that writes to a team of the table (the page brings it from the messages); without
   * it the rows offer no message.
   */
  renderMessageDialog?: (team: LiveTeam, onClose: () => void) => ReactNode;
}

/**
 * The organiser's live console (issue 31, decision 0071): every team of the tenant's games (of
 * one route with the filter) and their activity, pushed by `live.stream` (read every 5 s while it
 * is down); points, help and undo from the rows and the feed; with a route chosen, its standings'
 * freeze, its stuck minutes, its ledger as CSV and its photo album. Its teams show as a table
 * ('Squadre') or on a map ('Mappa', decision 0086).
 */
export function LiveConsole({
  slug,
  routeId,
  onRouteChange,
  view,
  onViewChange,
  renderMessageDialog,
}: LiveConsoleProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole' });
  const { t: tAll } = useTranslation();
  const filterId = useId();
  const viewsId = useId();
  const routes = useRouteList(slug);
  // The board's stream opens before the console's: the console's is the page's latest.
  const board = useMessageBoard(slug);
  const live = useLiveConsole(slug, routeId);
  const now = useNow(TICK_MS);
  const review = useReviewSummary(slug, REVIEW_COUNT_MS);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const states = live.data?.routes;
  const stuckMinutes = useCallback(
    (id: string) =>
      states?.find((state) => state.route_id === id)?.stuck_after_minutes ??
      STUCK_AFTER_MINUTES_DEFAULT,
    [states],
  );
  const selectedRoute = routes.data?.find((route) => route.id === routeId) ?? null;
  const selectedState = states?.find((state) => state.route_id === routeId) ?? null;
  const routeAsks = useCallback(
    (id: string) => routes.data?.find((route) => route.id === id)?.location_sharing ?? false,
    [routes.data],
  );
  // A route that asks for positions is one whose map the organiser is likely to open: its code
  // comes while the console is read, and 'Mappa' opens without waiting for it. A console without
  // such a route loads no map.
  const anyRouteAsks = routes.data?.some((route) => route.location_sharing) ?? false;
  useEffect(() => {
    if (anyRouteAsks) LiveMapPanel.preload().catch(() => undefined);
  }, [anyRouteAsks]);
  const openAction = (team: LiveTeam, action: TeamAction) =>
    setDialog({ kind: 'team', team, action });
  const close = () => setDialog(null);

  return (
    <main className="admin-page admin-page--wide live-console">
      <div className="live-board__title-row">
        <h1 className="admin-page__title">{t('title')}</h1>
        <span className={live.isLive ? 'badge badge--success' : 'badge'}>
          {tAll(live.isLive ? 'scoreboard.stream.live' : 'scoreboard.stream.polling', {
            seconds: 5,
          })}
        </span>
        <Link className="button button--secondary live-console__review" to={`/${slug}/live/review`}>
          {tAll('reviewQueue.title')}
          {review.data ? (
            <span className="badge live-console__review-count">
              {tAll('reviewQueue.pending', { count: review.data.pending })}
            </span>
          ) : null}
        </Link>
        <Link className="button button--secondary" to={`/${slug}/live/wall`}>
          {tAll('photoWall.title')}
        </Link>
        <Link
          className="button button--secondary live-console__review"
          to={`/${slug}/live/messages`}
        >
          {tAll('staffMessages.title')}
          {board.data && board.data.unread > 0 ? ' ' : null}
          {board.data && board.data.unread > 0 ? (
            <span className="badge badge--danger live-console__review-count">
              {tAll('staffMessages.unread', { count: board.data.unread })}
            </span>
          ) : null}
        </Link>
      </div>
      <div className="live-console__toolbar">
        <div className="field">
          <label className="field__label" htmlFor={filterId}>
            {t('filterByRoute')}
          </label>
          <select
            id={filterId}
            className="field__input"
            value={routeId ?? ''}
            onChange={(event) => onRouteChange(event.target.value || null)}
          >
            <option value="">{t('allRoutes')}</option>
            {(routes.data ?? []).map((route) => (
              <option key={route.id} value={route.id}>
                {route.title}
              </option>
            ))}
          </select>
        </div>
        {selectedRoute && selectedState ? (
          <RoutePanel
            key={selectedRoute.id}
            slug={slug}
            routeId={selectedRoute.id}
            routeSlug={selectedRoute.slug}
            routeTitle={selectedRoute.title}
            state={selectedState}
          />
        ) : (
          <p className="muted live-console__hint">{t('route.selectRoute')}</p>
        )}
      </div>
      {live.isPending ? (
        <LoadingSpinner />
      ) : live.data ? (
        <div
          className={
            view === 'map' ? 'live-console__grid live-console__grid--map' : 'live-console__grid'
          }
        >
          <div>
            <ConsoleViewTabs idPrefix={viewsId} current={view} onChange={onViewChange} />
            <div id={`${viewsId}-panel`} role="tabpanel" aria-labelledby={tabIdOf(viewsId, view)}>
              {view === 'teams' ? (
                <TeamTable
                  teams={live.data.teams}
                  stuckMinutes={stuckMinutes}
                  now={now}
                  onAction={openAction}
                  canMessage={renderMessageDialog !== undefined}
                />
              ) : (
                <Suspense fallback={<LoadingSpinner />}>
                  <LiveMapPanel
                    // Another route: the map opens again on its steps and teams.
                    key={routeId ?? ''}
                    slug={slug}
                    routeId={routeId}
                    teams={live.data.teams}
                    now={now}
                    stuckMinutes={stuckMinutes}
                    routeAsks={routeAsks}
                    onAction={openAction}
                    canMessage={renderMessageDialog !== undefined}
                  />
                </Suspense>
              )}
            </div>
          </div>
          <ActivityFeed
            key={routeId ?? ''}
            slug={slug}
            routeId={routeId}
            events={live.data.activity}
            teams={live.data.teams}
            onUndo={(event) => setDialog({ kind: 'undo', event })}
          />
        </div>
      ) : (
        <p role="alert" className="alert alert--error">
          {errorText(live.error, tAll)}
        </p>
      )}
      {dialog?.kind === 'team' && dialog.action.kind === 'points' ? (
        <PointsDialog slug={slug} team={dialog.team} onClose={close} />
      ) : null}
      {dialog?.kind === 'team' && dialog.action.kind === 'help' ? (
        <HelpDialog slug={slug} team={dialog.team} action={dialog.action.action} onClose={close} />
      ) : null}
      {dialog?.kind === 'team' && dialog.action.kind === 'message'
        ? renderMessageDialog?.(dialog.team, close)
        : null}
      {dialog?.kind === 'undo' ? (
        <UndoDialog slug={slug} event={dialog.event} onClose={close} />
      ) : null}
    </main>
  );
}
