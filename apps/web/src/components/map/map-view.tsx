import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { FIT_MAX_ZOOM, FIT_PADDING, POINT_ZOOM } from './map-config';
import type { Bounds, LatLng } from './map-geometry';

/**
 * A request to move the map, made by the page (typed coordinates, a saved route): centre on a
 * point, or fit a box. Each new request carries a new `id`, so the same place can be asked twice.
 */
export type MapViewRequest =
  | { id: number; kind: 'centre'; point: LatLng }
  | { id: number; kind: 'show'; point: LatLng }
  | { id: number; kind: 'fit'; bounds: Bounds };

/** Where the map looks: its centre and zoom, as the map reports them after each move. */
export interface MapViewState {
  lat: number;
  lng: number;
  zoom: number;
}

let lastRequestId = 0;

/** A new request to centre the map on `point`. */
export function centreOn(point: LatLng): MapViewRequest {
  lastRequestId += 1;
  return { id: lastRequestId, kind: 'centre', point: { lat: point.lat, lng: point.lng } };
}

/** A new request to bring `point` into view (the map pans only when it is out of view). */
export function showPoint(point: LatLng): MapViewRequest {
  lastRequestId += 1;
  return { id: lastRequestId, kind: 'show', point: { lat: point.lat, lng: point.lng } };
}

/** A new request to fit the map to `bounds`. */
export function fitTo(bounds: Bounds): MapViewRequest {
  lastRequestId += 1;
  return { id: lastRequestId, kind: 'fit', bounds };
}

/**
 * Moves the map once per request: a point to centre is brought at least to street level (a
 * closer zoom is kept); a point to show is panned to only when out of view; a box is fitted like
 * the fit button does.
 */
export function ApplyView({ request }: { request: MapViewRequest | null | undefined }) {
  const map = useMap();
  useEffect(() => {
    if (!request) return;
    switch (request.kind) {
      case 'centre': {
        const { lat, lng } = request.point;
        map.setView([lat, lng], Math.max(map.getZoom(), POINT_ZOOM));
        return;
      }
      case 'show': {
        const { lat, lng } = request.point;
        if (!map.getBounds().contains([lat, lng])) map.panTo([lat, lng]);
        return;
      }
      case 'fit':
        map.fitBounds(request.bounds, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM });
        return;
    }
  }, [map, request]);
  return null;
}

/** Reports where the map looks when it opens and after every move or zoom. */
export function ReportView({ onView }: { onView: (view: MapViewState) => void }) {
  const map = useMap();
  useEffect(() => {
    const report = () => {
      const { lat, lng } = map.getCenter();
      onView({ lat, lng, zoom: map.getZoom() });
    };
    report();
    map.on('moveend', report);
    return () => {
      map.off('moveend', report);
    };
  }, [map, onView]);
  return null;
}
