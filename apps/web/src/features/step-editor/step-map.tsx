import './step-map.css';
import { Circle, Polyline } from 'react-leaflet';
import { BaseMap } from '../../components/map/base-map';
import type { LatLng } from '../../components/map/map-geometry';
import type { MapViewRequest } from '../../components/map/map-view';
import { NumberedPin } from '../../components/map/numbered-pin';
import { routeBounds, routeLine } from './map-helpers';
import type { MapPin } from './map-helpers';

/** Props of `StepMap`. */
export interface StepMapProps {
  pins: readonly MapPin[];
  /** Accessible name of the map region. */
  label: string;
  /** Label of the button that fits the map to the whole route. */
  fitLabel: string;
  /** The pin's tooltip: the selected step's says so. */
  pinTitle: (pin: MapPin) => string;
  /** The editor's latest request to move the map (typed coordinates, a saved route). */
  view: MapViewRequest | null;
  onMapClick: (point: LatLng) => void;
  onPinMove: (index: number, point: LatLng) => void;
  onPinSelect: (index: number) => void;
}

const SELECTED_PATH = { color: '#2563eb', weight: 2, fillOpacity: 0.18 };
const OTHER_PATH = { color: '#64748b', weight: 1, fillOpacity: 0.08 };
const LINE_PATH = { color: '#2563eb', weight: 3, opacity: 0.7, dashArray: '6 6' };

/**
 * The route on the map: every placed step's numbered, draggable pin (the selected one larger and
 * highlighted), radius circles and the line; it moves when the editor asks (`view`).
 */
export function StepMap({
  pins,
  label,
  fitLabel,
  pinTitle,
  view,
  onMapClick,
  onPinMove,
  onPinSelect,
}: StepMapProps) {
  const bounds = routeBounds(pins);
  return (
    <BaseMap
      label={label}
      className="se-map__canvas"
      initialBounds={bounds}
      fit={{ bounds, label: fitLabel }}
      onMapClick={onMapClick}
      view={view}
    >
      <Polyline positions={routeLine(pins)} pathOptions={LINE_PATH} interactive={false} />
      {pins.map((pin) =>
        pin.radiusM === null ? null : (
          <Circle
            key={`circle-${pin.index}`}
            center={[pin.lat, pin.lng]}
            radius={pin.radiusM}
            pathOptions={pin.selected ? SELECTED_PATH : OTHER_PATH}
            interactive={false}
          />
        ),
      )}
      {pins.map((pin) => (
        <NumberedPin
          key={pin.index}
          position={pin}
          number={pin.number}
          title={pinTitle(pin)}
          selected={pin.selected}
          onSelect={() => onPinSelect(pin.index)}
          onMove={(point) => onPinMove(pin.index, point)}
        />
      ))}
    </BaseMap>
  );
}
