import type { LiveTeam } from '@tappa/contracts';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { gameTrailQueryOptions } from '../../api/live';
import { useRouteSteps } from '../../api/steps';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingSpinner } from '../../components/loading-spinner';
import { type MapViewRequest, showPoint } from '../../components/map/map-view';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { LiveMap } from './live-map';
import { LiveMapList, type TrailState } from './live-map-list';
import {
  stepPinsOf,
  type TeamMarker,
  teamMarkersOf,
  teamsWithoutPosition,
  trailLine,
} from './live-map-model';
import { ageOf, liveStatusesAt } from './live-status';
import type { TeamAction } from './team-actions-menu';
import type { TeamMarkerView } from './team-marker';

/** Props of `LiveMapPanel`. */
export interface LiveMapPanelProps {
  slug: string;
  /** The route chosen on the console: its steps are drawn; null: every route, no steps. */
  routeId: string | null;
  teams: readonly LiveTeam[];
  /** The console's clock: ages and fading follow it between pushes. */
  now: number;
  stuckMinutes: (routeId: string) => number;
  /** Whether a route asks its teams for their position (a team without an answer is waiting). */
  routeAsks: (routeId: string) => boolean;
  onAction: (team: LiveTeam, action: TeamAction) => void;
  canMessage: boolean;
}

/**
 * The console's 'Mappa' (issue 37, decision 0086), loaded with Leaflet only when it is opened:
 * the map and, beside it, the same facts as lists. Teams and positions come with the console's
 * pushes; the steps are read once, and a trail when it is asked for.
 */
export function LiveMapPanel(props: LiveMapPanelProps) {
  const { slug, routeId } = props;
  const { t: tAll } = useTranslation();
  const steps = useRouteSteps(slug, routeId ?? '');
  if (routeId !== null && steps.isPending) return <LoadingSpinner />;
  return (
    <>
      <ErrorAlert text={steps.isError ? errorText(steps.error, tAll) : null} />
      <LiveMapContent {...props} steps={steps.data ?? []} />
    </>
  );
}

export default LiveMapPanel;

/** Texts remembered by their key: each is made once, the first time it is asked for. */
function textCache(): (key: string, make: () => string) => string {
  const known = new Map<string, string>();
  return (key, make) => {
    let text = known.get(key);
    if (text === undefined) {
      text = make();
      known.set(key, text);
    }
    return text;
  };
}

/** The map and its lists, once the route's steps are known (the map opens on them). */
function LiveMapContent({
  slug,
  routeId,
  teams,
  now,
  stuckMinutes,
  routeAsks,
  onAction,
  canMessage,
  steps,
}: LiveMapPanelProps & { steps: readonly { place: string; lat: number; lng: number }[] }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole' });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const [view, setView] = useState<MapViewRequest | null>(null);
  const [trailIds, setTrailIds] = useState<readonly string[]>([]);

  const { markers, without, pins } = useMemo(() => {
    const statusesOf = (team: LiveTeam) => liveStatusesAt(team, stuckMinutes(team.route.id), now);
    const onRoute = teams.filter((team) => team.route.id === routeId);
    return {
      markers: teamMarkersOf(teams, statusesOf, now),
      without: teamsWithoutPosition(teams, statusesOf, routeAsks),
      pins: routeId === null ? [] : stepPinsOf(steps, onRoute),
    };
  }, [teams, now, stuckMinutes, routeAsks, routeId, steps]);

  // A thousand teams share a few ages and steps: each text is made once per clock tick.
  const { ageText, stepText } = useMemo(() => {
    const texts = textCache();
    return {
      ageText: (iso: string) => {
        const { unit, count } = ageOf(iso, now);
        return texts(`age ${unit} ${count}`, () => t(`ago.${unit}`, { count }));
      },
      stepText: ({ current_step_index, step_count, current_place: place }: LiveTeam) => {
        const n = Math.min(current_step_index + 1, step_count);
        return texts(`step ${n} ${place ?? ''}`, () =>
          place ? t('map.stepPlace', { n, place }) : t('map.step', { n }),
        );
      },
    };
  }, [now, t]);

  const trailQueries = useQueries({
    queries: trailIds.map((gameId) => gameTrailQueryOptions(slug, gameId)),
  });
  const trails = new Map<string, TrailState>();
  const lines = trailIds.flatMap((gameId, i) => {
    const query = trailQueries[i];
    const current = teams.find((team) => team.game_id === gameId)?.fix ?? null;
    if (!query || query.isPending) {
      trails.set(gameId, { kind: 'loading' });
      return [];
    }
    if (query.isError) {
      trails.set(gameId, { kind: 'error' });
      return [];
    }
    const line = trailLine(query.data.fixes, current);
    trails.set(gameId, { kind: 'shown', points: line.length });
    return [{ gameId, line }];
  });

  const views = useMemo(() => {
    const [stuckLabel, staleLabel] = [t('statuses.stuck'), t('map.stale')];
    return markers.map((marker): TeamMarkerView => {
      const age = ageText(marker.fix.at);
      const notes = [
        ...(marker.isStuck ? [stuckLabel] : []),
        ...(marker.isStale ? [staleLabel] : []),
      ];
      return {
        gameId: marker.team.game_id,
        lat: marker.lat,
        lng: marker.lng,
        name: marker.team.team_name,
        age,
        title: [marker.team.team_name, stepText(marker.team), age, ...notes].join(' · '),
        isStale: marker.isStale,
        isStuck: marker.isStuck,
        stuckLabel,
      };
    });
  }, [markers, ageText, stepText, t]);

  const selectFromMap = useCallback((gameId: string) => {
    setSelectedId(gameId);
    setFocusRequest((count) => count + 1);
  }, []);
  const selectFromList = (marker: TeamMarker) => {
    setSelectedId(marker.team.game_id);
    setView(showPoint(marker));
  };
  const toggleTrail = (gameId: string) =>
    setTrailIds((ids) =>
      ids.includes(gameId) ? ids.filter((id) => id !== gameId) : [...ids, gameId],
    );

  return (
    <div className="live-map">
      <div className="live-map__main">
        {routeId === null ? <p className="muted live-map__note">{t('map.chooseRoute')}</p> : null}
        <LiveMap
          label={t('map.region')}
          fitLabel={t('map.fit')}
          pins={pins}
          pinTitle={(pin) =>
            t('map.pinTitle', { n: pin.number, place: pin.place, count: pin.teams })
          }
          markers={views}
          trails={lines}
          selectedId={selectedId}
          view={view}
          onSelect={selectFromMap}
        />
      </div>
      <LiveMapList
        markers={markers}
        without={without}
        pins={pins}
        stepText={stepText}
        ageText={ageText}
        selectedId={selectedId}
        focusRequest={focusRequest}
        onSelect={selectFromList}
        trails={trails}
        onToggleTrail={toggleTrail}
        onAction={onAction}
        canMessage={canMessage}
      />
    </div>
  );
}
