import { GAME_EVENT_KINDS, UNDOABLE_KINDS, type GameEventKind } from '@tappa/domain';
import type { GameEvent, LiveTeam } from '@tappa/contracts';
import { useId, useState } from 'react';
import { useLiveActivity } from '../../api/live';
import { useTenantClock } from '../../components/tenant-clock';
import { eventText } from '../../components/game-event-text';
import { useTranslation } from '../../lib/i18n';

/** Props of `ActivityFeed`. */
export interface ActivityFeedProps {
  slug: string;
  routeId: string | null;
  /** The newest events from the console, newest first. */
  events: readonly GameEvent[];
  teams: readonly LiveTeam[];
  onUndo: (event: GameEvent) => void;
}

/**
 * The console's activity, newest first: each event with team, step, time and what happened;
 * filtered by team and kind; 'Carica altri' pages older ones; a staff adjustment not yet undone
 * offers 'Annulla'.
 */
export function ActivityFeed({ slug, routeId, events, teams, onUndo }: ActivityFeedProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole.activity' });
  const { t: tAll } = useTranslation();
  const formatTime = useTenantClock();
  const headingId = useId();
  const [game, setGame] = useState<string | null>(null);
  const [kind, setKind] = useState<GameEventKind | null>(null);
  const [paging, setPaging] = useState(false);
  const newest = events.filter(
    (event) => (game === null || event.game_id === game) && (kind === null || event.kind === kind),
  );
  const oldestId = events.at(-1)?.id ?? null;
  const older = useLiveActivity(
    slug,
    { route: routeId, game, kind },
    oldestId,
    paging && oldestId !== null,
  );
  const shown = [...newest, ...(older.data?.pages.flatMap((page) => page.events) ?? [])];
  const hasMore = oldestId !== null && (!paging || older.hasNextPage);

  const loadMore = () => {
    if (!paging) setPaging(true);
    else void older.fetchNextPage();
  };

  return (
    <section className="panel live-console__activity" aria-labelledby={headingId}>
      <h2 id={headingId} className="panel__title">
        {t('title')}
      </h2>
      <div className="live-console__filters">
        <label className="field__label">
          {t('filterTeam')}
          <select
            className="field__input"
            value={game ?? ''}
            onChange={(event) => setGame(event.target.value || null)}
          >
            <option value="">{t('allTeams')}</option>
            {teams.map((team) => (
              <option key={team.game_id} value={team.game_id}>
                {team.team_name}
              </option>
            ))}
          </select>
        </label>
        <label className="field__label">
          {t('filterKind')}
          <select
            className="field__input"
            value={kind ?? ''}
            onChange={(event) => setKind((event.target.value || null) as GameEventKind | null)}
          >
            <option value="">{t('allKinds')}</option>
            {GAME_EVENT_KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`kinds.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {shown.length === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <ol className="live-console__events">
          {shown.map((event) => {
            const undoable =
              (UNDOABLE_KINDS as readonly GameEventKind[]).includes(event.kind) &&
              event.undone_by_id === null;
            return (
              <li key={event.id} className="live-console__event">
                <div className="live-console__event-head">
                  <strong>{event.team_name}</strong>
                  <time dateTime={event.at} className="muted">
                    {formatTime(event.at, 'time')}
                  </time>
                </div>
                <p className="live-console__event-text">
                  {eventText(event, tAll)}
                  {event.step
                    ? ` · ${t('step', { n: event.step.number, place: event.step.place })}`
                    : ''}
                </p>
                {event.reason ? <p className="live-console__event-reason">{event.reason}</p> : null}
                {event.actor_email ? (
                  <p className="muted live-console__event-by">
                    {t('by', { email: event.actor_email })}
                  </p>
                ) : null}
                {undoable ? (
                  <button type="button" className="btn btn--small" onClick={() => onUndo(event)}>
                    {t('undo')}
                  </button>
                ) : event.undone_by_id !== null ? (
                  <span className="badge">{t('undone')}</span>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {hasMore ? (
        <button type="button" className="btn" disabled={older.isFetching} onClick={loadMore}>
          {t('more')}
        </button>
      ) : null}
    </section>
  );
}
