import type { Map as LeafletMap } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './map.css';
import { type ReactNode, useEffect, useState } from 'react';
import { MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  FIT_MAX_ZOOM,
  FIT_PADDING,
  MAP_ATTRIBUTION,
  MAP_TILE_URL,
} from './map-config';
import { type Bounds, coordinatesFromClick, type LatLng } from './map-geometry';
import { ApplyView, type MapViewRequest, type MapViewState, ReportView } from './map-view';

/** Props of `BaseMap`. */
export interface BaseMapProps {
  /** Accessible name of the map region. */
  label: string;
  /** The box the map opens on (null: Italy); later changes never move the map by themselves. */
  initialBounds: Bounds | null;
  /** The box the fit button shows, with its label; no button without both. */
  fit?: { bounds: Bounds | null; label: string };
  /** Class of the map's box (its size). */
  className?: string;
  /** A click on the map itself (not on a marker), as rounded coordinates. */
  onMapClick?: (point: LatLng) => void;
  /** The page's latest request to move the map (applied once per request id). */
  view?: MapViewRequest | null;
  /** The layers: markers, circles, lines. */
  children?: ReactNode;
}

/**
 * An OpenStreetMap map (the tile server of `VITE_MAP_TILE_URL` when set): the tiles, the
 * attribution, a box that follows its layout's size, and a button that fits it to `fit.bounds`.
 * Step editor, live console and live map draw their own layers inside it.
 */
export function BaseMap({
  label,
  initialBounds,
  fit,
  className,
  onMapClick,
  view,
  children,
}: BaseMapProps) {
  // The opening view only: later changes never move the map under the user's hands.
  const [opening] = useState(() => initialBounds);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [shown, setShown] = useState<MapViewState | null>(null);
  const fitBounds = fit?.bounds;
  return (
    <div
      className="app-map"
      role="region"
      aria-label={label}
      // Where the map looks, for tests and tools: Leaflet keeps it in no attribute of its own.
      data-center-lat={shown?.lat.toFixed(6)}
      data-center-lng={shown?.lng.toFixed(6)}
      data-zoom={shown?.zoom}
    >
      <MapContainer
        ref={setMap}
        className={['app-map__canvas', className].filter(Boolean).join(' ')}
        {...(opening
          ? { bounds: opening, boundsOptions: { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM } }
          : { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM })}
      >
        <TileLayer url={MAP_TILE_URL} attribution={MAP_ATTRIBUTION} />
        {onMapClick ? <ClickHandler onMapClick={onMapClick} /> : null}
        <KeepSize />
        <ReportView onView={setShown} />
        <ApplyView request={view} />
        {children}
      </MapContainer>
      {map && fit && fitBounds ? (
        // Outside the map's box: Leaflet would take a click inside it for a click on the map.
        <button
          type="button"
          className="app-map__fit"
          onClick={() => map.fitBounds(fitBounds, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM })}
        >
          {fit.label}
        </button>
      ) : null}
    </div>
  );
}

/** Reports clicks on the map (not on a marker) as rounded coordinates. */
function ClickHandler({ onMapClick }: { onMapClick: (point: LatLng) => void }) {
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
