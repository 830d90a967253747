import { useCallback, useEffect, useRef, useState } from 'react';
import { boundsOf, type LatLng } from '../../components/map/map-geometry';
import { centreOn, fitTo, type MapViewRequest, showPoint } from '../../components/map/map-view';

/**
 * How long typing must pause before the map centres on typed coordinates: while a number is
 * being typed its first digits are valid coordinates too, and the map must not chase them.
 */
export const TYPED_COORDINATES_PAUSE_MS = 400;

/** The editor's requests to move the map, and the ways to make them. */
export interface EditorMapView {
  /** The latest request (null until the first). */
  view: MapViewRequest | null;
  /** Coordinates were typed: centre on them once typing pauses (null: invalid, cancel). */
  centreWhenTyped: (point: LatLng | null) => void;
  /** A step was selected in the list: bring its pin into view. */
  show: (point: LatLng | undefined) => void;
  /** The route was saved: fit the map to every step. */
  fitRoute: (points: readonly LatLng[]) => void;
}

/** Requests to move the step editor's map; the map applies each once, and never steals focus. */
export function useMapView(): EditorMapView {
  const [view, setView] = useState<MapViewRequest | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const centreWhenTyped = useCallback((point: LatLng | null) => {
    clearTimeout(timer.current);
    if (point === null) return;
    timer.current = setTimeout(() => setView(centreOn(point)), TYPED_COORDINATES_PAUSE_MS);
  }, []);
  const show = useCallback((point: LatLng | undefined) => {
    if (point) setView(showPoint(point));
  }, []);
  const fitRoute = useCallback((points: readonly LatLng[]) => {
    clearTimeout(timer.current);
    const bounds = boundsOf(points);
    if (bounds) setView(fitTo(bounds));
  }, []);
  return { view, centreWhenTyped, show, fitRoute };
}
