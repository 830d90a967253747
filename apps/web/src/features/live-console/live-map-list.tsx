import type { LiveTeam } from '@tappa/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { StepPin, TeamMarker, TeamWithoutPosition } from './live-map-model';
import { StepList, WithoutList } from './live-map-sections';
import { StatusBadges } from './status-badges';
import { type TeamAction, TeamActionsMenu } from './team-actions-menu';
import { TEAM_ROWS_SHOWN } from './team-table';

/** A trail's state as an entry shows it: read, being read, or why it could not be. */
export type TrailState =
  { kind: 'loading' } | { kind: 'shown'; points: number } | { kind: 'error' };

/** Props of `LiveMapList`. */
export interface LiveMapListProps {
  markers: readonly TeamMarker[];
  without: readonly TeamWithoutPosition[];
  pins: readonly StepPin[];
  /** A team's step as text ('Tappa 3 · Ponte'), and its position's age ('2 min fa'). */
  stepText: (team: LiveTeam) => string;
  ageText: (iso: string) => string;
  selectedId: string | null;
  /** Bumped when a marker was clicked: the selected entry takes the focus. */
  focusRequest: number;
  onSelect: (marker: TeamMarker) => void;
  /** The trails asked for, by game id, and their state. */
  trails: ReadonlyMap<string, TrailState>;
  onToggleTrail: (gameId: string) => void;
  onAction: (team: LiveTeam, action: TeamAction) => void;
  canMessage: boolean;
}

/**
 * Everything the map shows, as lists a keyboard and a screen reader reach: the teams on the map
 * (stuck first) with their step, the age of their position, their badges, 'Percorso' and their
 * actions; the teams without a position and why; the route's steps with the teams on each.
 */
export function LiveMapList({
  markers,
  without,
  pins,
  stepText,
  ageText,
  selectedId,
  focusRequest,
  onSelect,
  trails,
  onToggleTrail,
  onAction,
  canMessage,
}: LiveMapListProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole.map' });
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [limit, setLimit] = useState(TEAM_ROWS_SHOWN);
  const shown = markers.filter(
    (marker, index) => index < limit || marker.team.game_id === selectedId,
  );

  // A marker clicked on the map: its entry comes into view, its actions under the focus.
  useEffect(() => {
    if (focusRequest === 0 || selectedId === null) return;
    const entry = [
      ...(listRef.current?.querySelectorAll<HTMLElement>('[data-game-id]') ?? []),
    ].find((item) => item.dataset.gameId === selectedId);
    entry?.scrollIntoView?.({ block: 'nearest' });
    entry?.querySelector<HTMLElement>('.menu-button__toggle')?.focus();
  }, [focusRequest, selectedId]);

  return (
    <div className="live-map__side">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="live-map__heading">
          {t('onMap', { count: markers.length })}
        </h2>
        {markers.length === 0 ? <p className="muted">{t('noneOnMap')}</p> : null}
        <ul ref={listRef} className="live-map__list">
          {shown.map((marker) => (
            <MarkerEntry
              key={marker.team.game_id}
              marker={marker}
              step={stepText(marker.team)}
              age={ageText(marker.fix.at)}
              isSelected={marker.team.game_id === selectedId}
              trail={trails.get(marker.team.game_id) ?? null}
              onSelect={() => onSelect(marker)}
              onToggleTrail={() => onToggleTrail(marker.team.game_id)}
              onAction={onAction}
              canMessage={canMessage}
            />
          ))}
        </ul>
        {markers.length > limit ? (
          <button
            type="button"
            className="btn btn--small"
            onClick={() => setLimit((count) => count + TEAM_ROWS_SHOWN)}
          >
            {t('showMore', { shown: limit, total: markers.length })}
          </button>
        ) : null}
      </section>
      {without.length > 0 ? <WithoutList without={without} /> : null}
      {pins.length > 0 ? <StepList pins={pins} /> : null}
    </div>
  );
}

/** Props of `MarkerEntry`. */
interface MarkerEntryProps {
  marker: TeamMarker;
  step: string;
  age: string;
  isSelected: boolean;
  trail: TrailState | null;
  onSelect: () => void;
  onToggleTrail: () => void;
  onAction: (team: LiveTeam, action: TeamAction) => void;
  canMessage: boolean;
}

/** One team on the map: its name shows it there; its facts, trail and actions follow. */
function MarkerEntry({
  marker,
  step,
  age,
  isSelected,
  trail,
  onSelect,
  onToggleTrail,
  onAction,
  canMessage,
}: MarkerEntryProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole.map' });
  const { team, statuses, isStale, isStuck } = marker;
  const className = [
    'live-map__entry',
    isSelected ? 'live-map__entry--selected' : '',
    isStale ? 'live-map__entry--stale' : '',
    isStuck ? 'live-map__entry--stuck' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li className={className} data-game-id={team.game_id} aria-current={isSelected || undefined}>
      <div className="live-map__entry-head">
        <button type="button" className="live-map__name" onClick={onSelect}>
          {team.team_name}
        </button>
        <StatusBadges statuses={statuses} />
      </div>
      <p className="live-map__facts">
        {step} · {t('position', { age })}
        {isStale ? <span className="badge badge--warning">{t('stale')}</span> : null}
      </p>
      <div className="live-map__entry-actions">
        <button
          type="button"
          className="btn btn--small"
          aria-pressed={trail !== null}
          aria-label={t('trailOf', { team: team.team_name })}
          onClick={onToggleTrail}
        >
          {t('trail')}
        </button>
        <TeamActionsMenu
          team={team}
          isFinished={statuses.includes('finished')}
          onAction={onAction}
          canMessage={canMessage}
        />
      </div>
      {trail ? <TrailNote trail={trail} /> : null}
    </li>
  );
}

/** What became of a trail asked for, when it is not simply drawn. */
function TrailNote({ trail }: { trail: TrailState }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole.map' });
  switch (trail.kind) {
    case 'loading':
      return <p className="muted live-map__note">{t('trailLoading')}</p>;
    case 'error':
      return <p className="form-field__error live-map__note">{t('trailError')}</p>;
    case 'shown':
      return trail.points < 2 ? <p className="muted live-map__note">{t('trailEmpty')}</p> : null;
  }
}
