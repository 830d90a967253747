import './live-map.css';
import { Polyline } from 'react-leaflet';
import { BaseMap } from '../../components/map/base-map';
import { boundsOf, type LatLng } from '../../components/map/map-geometry';
import type { MapViewRequest } from '../../components/map/map-view';
import { NumberedPin } from '../../components/map/numbered-pin';
import type { StepPin } from './live-map-model';
import { StepCountBadge } from './step-count-badge';
import { TeamMarkers, type TeamMarkerView } from './team-marker';

/** Props of `LiveMap`. */
export interface LiveMapProps {
  /** Accessible name of the map region. */
  label: string;
  /** Label of the button that fits the map to every step and team. */
  fitLabel: string;
  pins: readonly StepPin[];
  /** A step pin's tooltip: its number, place and teams. */
  pinTitle: (pin: StepPin) => string;
  markers: readonly TeamMarkerView[];
  /** The trails asked for, each a line of positions oldest first. */
  trails: readonly { gameId: string; line: readonly LatLng[] }[];
  selectedId: string | null;
  /** The panel's latest request to move the map (a team chosen in the list). */
  view: MapViewRequest | null;
  onSelect: (gameId: string) => void;
}

const TRAIL_PATH = { color: '#2563eb', weight: 3, opacity: 0.75 };
const SELECTED_TRAIL_PATH = { color: '#1d4ed8', weight: 5, opacity: 0.9 };

/**
 * The console's map (decision 0086): the chosen route's numbered steps, each with how many teams
 * are on it, every team's last position, and the trails asked for. It opens on everything there is
 * and never moves by itself afterwards: the fit button, or a team chosen in the list, moves it.
 */
export function LiveMap({
  label,
  fitLabel,
  pins,
  pinTitle,
  markers,
  trails,
  selectedId,
  view,
  onSelect,
}: LiveMapProps) {
  const bounds = boundsOf([...pins, ...markers]);
  return (
    <BaseMap
      label={label}
      className="live-map__canvas"
      initialBounds={bounds}
      fit={{ bounds, label: fitLabel }}
      view={view}
    >
      {trails.map(({ gameId, line }) => (
        <Polyline
          key={gameId}
          positions={line.map(({ lat, lng }): [number, number] => [lat, lng])}
          pathOptions={gameId === selectedId ? SELECTED_TRAIL_PATH : TRAIL_PATH}
          interactive={false}
        />
      ))}
      {pins.map((pin) => (
        <NumberedPin
          key={pin.index}
          position={pin}
          number={pin.number}
          title={pinTitle(pin)}
          selected={false}
        />
      ))}
      {pins.map((pin) =>
        pin.teams > 0 ? (
          <StepCountBadge key={`count-${pin.index}`} position={pin} count={pin.teams} />
        ) : null,
      )}
      <TeamMarkers views={markers} selectedId={selectedId} onSelect={onSelect} />
    </BaseMap>
  );
}
