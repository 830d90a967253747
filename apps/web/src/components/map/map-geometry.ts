/** A point of the map in degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** South-west and north-east corners, as Leaflet takes them. */
export type Bounds = [[number, number], [number, number]];

/** The box around every point; null when there is none. */
export function boundsOf(points: readonly LatLng[]): Bounds | null {
  if (points.length === 0) return null;
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  return [
    [Math.min(...lats), Math.min(...lngs)],
    [Math.max(...lats), Math.max(...lngs)],
  ];
}

const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * Coordinates for a click on the map: longitude wrapped into -180..180 (the map repeats the
 * world sideways), latitude clamped to ±90, both rounded to 6 decimals (about 10 cm).
 */
export function coordinatesFromClick(point: LatLng): LatLng {
  const wrapped = ((((point.lng + 180) % 360) + 360) % 360) - 180;
  const lat = Math.max(-90, Math.min(90, point.lat));
  // -0 would print as "0" anyway, but keep the value clean.
  return { lat: round6(lat) + 0, lng: round6(wrapped) + 0 };
}

/** Class names of a numbered pin's icon (the selected one is highlighted). */
export function pinClassName(pin: { selected: boolean }): string {
  return pin.selected ? 'map-pin map-pin--selected' : 'map-pin';
}

/** Inner HTML of a pin's icon: only its number, so no text of the place ever reaches the HTML. */
export function pinHtml(pin: { number: number }): string {
  return `<span class="map-pin__label">${String(Math.trunc(pin.number))}</span>`;
}
