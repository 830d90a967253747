import { routeDistanceKm } from '@tappa/domain';

/** What the map needs of a step: its typed coordinates, radius and place. */
export interface MapStepSource {
  lat: string;
  lng: string;
  radius: string;
  place: string;
}

/** A pin of the map: a placed step with its list position and number. */
export interface MapPin {
  /** Position in the step list (0-based). */
  index: number;
  /** Step number shown on the pin (1-based, as in the list). */
  number: number;
  lat: number;
  lng: number;
  /** Radius of the step's circle in metres; null when not a positive number. */
  radiusM: number | null;
  place: string;
  selected: boolean;
}

/** South-west and north-east corners, as Leaflet takes them. */
export type Bounds = [[number, number], [number, number]];

const parse = (value: string): number | null => {
  const trimmed = value.trim().replace(',', '.');
  const n = trimmed === '' ? NaN : Number(trimmed);
  return Number.isFinite(n) ? n : null;
};

/** The pins of the steps that have valid coordinates, numbered by their place in the list. */
export function mapPins(steps: readonly MapStepSource[], selected: number | null): MapPin[] {
  return steps.flatMap((step, index) => {
    const lat = parse(step.lat);
    const lng = parse(step.lng);
    if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return [];
    const radius = parse(step.radius);
    return [
      {
        index,
        number: index + 1,
        lat,
        lng,
        radiusM: radius !== null && radius > 0 ? radius : null,
        place: step.place,
        selected: index === selected,
      },
    ];
  });
}

/** The box around every pin; null when there is no pin. */
export function routeBounds(pins: readonly MapPin[]): Bounds | null {
  if (pins.length === 0) return null;
  const lats = pins.map((pin) => pin.lat);
  const lngs = pins.map((pin) => pin.lng);
  return [
    [Math.min(...lats), Math.min(...lngs)],
    [Math.max(...lats), Math.max(...lngs)],
  ];
}

/** The route's line: the pins' positions in step order. */
export function routeLine(pins: readonly MapPin[]): [number, number][] {
  return pins.map((pin) => [pin.lat, pin.lng]);
}

/** Length of the route through its placed steps, in km with two decimals. */
export function pinsDistanceKm(pins: readonly MapPin[]): number {
  return routeDistanceKm(pins);
}

const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * Coordinates for a click on the map: longitude wrapped into -180..180 (the map repeats the
 * world sideways), latitude clamped to ±90, both rounded to 6 decimals (about 10 cm).
 */
export function coordinatesFromClick(point: { lat: number; lng: number }): {
  lat: number;
  lng: number;
} {
  const wrapped = ((((point.lng + 180) % 360) + 360) % 360) - 180;
  const lat = Math.max(-90, Math.min(90, point.lat));
  // -0 would print as "0" anyway, but keep the value clean.
  return { lat: round6(lat) + 0, lng: round6(wrapped) + 0 };
}

/** Class names of a pin's icon (the selected one is highlighted). */
export function pinClassName(pin: Pick<MapPin, 'selected'>): string {
  return pin.selected ? 'se-pin se-pin--selected' : 'se-pin';
}

/** Inner HTML of a pin's icon: only its number, so no text of the step ever reaches the HTML. */
export function pinHtml(pin: Pick<MapPin, 'number'>): string {
  return `<span class="se-pin__label">${String(Math.trunc(pin.number))}</span>`;
}
