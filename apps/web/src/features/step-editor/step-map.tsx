import { divIcon } from 'leaflet';
import type { Map as LeafletMap, Marker as LeafletMarker } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './step-map.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Circle,
  MapContainer,
  Marker,
  Polyline,
  TileLayer,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  FIT_MAX_ZOOM,
  MAP_ATTRIBUTION,
  MAP_TILE_URL,
} from './map-config';
import { coordinatesFromClick, pinClassName, pinHtml, routeBounds, routeLine } from './map-helpers';
import type { MapPin } from './map-helpers';
import type { MapPoint } from './step-list-state';

/** Props of `StepMap`. */
export interface StepMapProps {
  pins: readonly MapPin[];
  /** Accessible name of the map region. */
  label: string;
  /** Label of the button that fits the map to the whole route. */
  fitLabel: string;
  onMapClick: (point: MapPoint) => void;
  onPinMove: (index: number, point: MapPoint) => void;
  onPinSelect: (index: number) => void;
}

const FIT_PADDING: [number, number] = [32, 32];
const SELECTED_PATH = { color: '#2563eb', weight: 2, fillOpacity: 0.18 };
const OTHER_PATH = { color: '#64748b', weight: 1, fillOpacity: 0.08 };
const LINE_PATH = { color: '#2563eb', weight: 3, opacity: 0.7, dashArray: '6 6' };

/** The route on an OpenStreetMap map: numbered draggable pins, radius circles and the line. */
export function StepMap({
  pins,
  label,
  fitLabel,
  onMapClick,
  onPinMove,
  onPinSelect,
}: StepMapProps) {
  // The opening view only: later changes never move the map under the user's hands.
  const [initialBounds] = useState(() => routeBounds(pins));
  const [map, setMap] = useState<LeafletMap | null>(null);
  const selected = pins.find((pin) => pin.selected);
  const bounds = routeBounds(pins);
  return (
    <div className="se-map" role="region" aria-label={label}>
      <MapContainer
        ref={setMap}
        className="se-map__canvas"
        {...(initialBounds
          ? {
              bounds: initialBounds,
              boundsOptions: { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM },
            }
          : { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM })}
      >
        <TileLayer url={MAP_TILE_URL} attribution={MAP_ATTRIBUTION} />
        <ClickHandler onMapClick={onMapClick} />
        <KeepSize />
        <FollowSelection pin={selected} />
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
          <PinMarker key={pin.index} pin={pin} onMove={onPinMove} onSelect={onPinSelect} />
        ))}
      </MapContainer>
      {map && bounds ? (
        // Outside the map's box: Leaflet would take a click inside it for a click on the map.
        <button
          type="button"
          className="se-map__fit"
          onClick={() => map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM })}
        >
          {fitLabel}
        </button>
      ) : null}
    </div>
  );
}

/** Props of `PinMarker`. */
interface PinMarkerProps {
  pin: MapPin;
  onMove: StepMapProps['onPinMove'];
  onSelect: StepMapProps['onPinSelect'];
}

/** One step's numbered pin (a `divIcon`: no marker images to bundle). */
function PinMarker({ pin, onMove, onSelect }: PinMarkerProps) {
  const markerRef = useRef<LeafletMarker>(null);
  const { index, number, selected } = pin;
  const icon = useMemo(
    () =>
      divIcon({
        className: pinClassName({ selected }),
        html: pinHtml({ number }),
        iconSize: [30, 30],
        iconAnchor: [15, 15],
      }),
    [number, selected],
  );
  const handlers = useMemo(
    () => ({
      click: () => onSelect(index),
      dragstart: () => onSelect(index),
      dragend: () => {
        const marker = markerRef.current;
        if (marker) onMove(index, coordinatesFromClick(marker.getLatLng()));
      },
    }),
    [index, onMove, onSelect],
  );
  return (
    <Marker
      ref={markerRef}
      position={[pin.lat, pin.lng]}
      icon={icon}
      title={`${number}. ${pin.place}`}
      draggable
      autoPan
      zIndexOffset={selected ? 1000 : 0}
      eventHandlers={handlers}
    />
  );
}

/** Reports clicks on the map (not on a pin) as rounded coordinates. */
function ClickHandler({ onMapClick }: Pick<StepMapProps, 'onMapClick'>) {
  useMapEvents({ click: (event) => onMapClick(coordinatesFromClick(event.latlng)) });
  return null;
}

/** Tells Leaflet when its box changes size (layout changes, window resizes). */
function KeepSize() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** Pans to the selected pin when it is out of view. */
function FollowSelection({ pin }: { pin: MapPin | undefined }) {
  const map = useMap();
  const lat = pin?.lat;
  const lng = pin?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    if (!map.getBounds().contains([lat, lng])) map.panTo([lat, lng]);
  }, [map, lat, lng]);
  return null;
}
