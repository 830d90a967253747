import { routeDistanceKm } from '@tappa/domain';
import { type Bounds, boundsOf, type LatLng } from '../../components/map/map-geometry';

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

const parse = (value: string): number | null => {
  const trimmed = value.trim().replace(',', '.');
  const n = trimmed === '' ? NaN : Number(trimmed);
  return Number.isFinite(n) ? n : null;
};

/** The point of typed coordinates; null unless both are numbers within the world's range. */
export function typedPoint(step: Pick<MapStepSource, 'lat' | 'lng'>): LatLng | null {
  const lat = parse(step.lat);
  const lng = parse(step.lng);
  if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** The pins of the steps that have valid coordinates, numbered by their place in the list. */
export function mapPins(steps: readonly MapStepSource[], selected: number | null): MapPin[] {
  return steps.flatMap((step, index) => {
    const point = typedPoint(step);
    if (point === null) return [];
    const radius = parse(step.radius);
    return [
      {
        index,
        number: index + 1,
        ...point,
        radiusM: radius !== null && radius > 0 ? radius : null,
        place: step.place,
        selected: index === selected,
      },
    ];
  });
}

/** The box around every pin; null when there is no pin. */
export function routeBounds(pins: readonly MapPin[]): Bounds | null {
  return boundsOf(pins);
}

/** The route's line: the pins' positions in step order. */
export function routeLine(pins: readonly MapPin[]): [number, number][] {
  return pins.map((pin) => [pin.lat, pin.lng]);
}

/** Length of the route through its placed steps, in km with two decimals. */
export function pinsDistanceKm(pins: readonly MapPin[]): number {
  return routeDistanceKm(pins);
}
