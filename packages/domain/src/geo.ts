/** A point on the Earth in decimal degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Mean Earth radius in metres used for step distances. */
export const EARTH_RADIUS_M = 6_371_000;

/** Mean Earth radius in kilometres used for route lengths. */
export const EARTH_RADIUS_KM = 6371;

const toRad = (deg: number): number => (deg * Math.PI) / 180;

/** Unrounded haversine great-circle distance between two points on a sphere of the given radius. */
function haversine(a: LatLng, b: LatLng, radius: number): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  // Clamp guards against h drifting just above 1 for antipodal points.
  return 2 * radius * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** Great-circle distance between two points, rounded to whole metres. */
export function distanceM(a: LatLng, b: LatLng): number {
  return Math.round(haversine(a, b, EARTH_RADIUS_M));
}

/** Length of a route through consecutive points in kilometres, rounded to two decimals. */
export function routeDistanceKm(points: readonly LatLng[]): number {
  let totalKm = 0;
  for (let i = 1; i < points.length; i++) {
    const from = points[i - 1];
    const to = points[i];
    if (from && to) totalKm += haversine(from, to, EARTH_RADIUS_KM);
  }
  // Round only the sum, so per-leg rounding errors do not accumulate.
  return Math.round(totalKm * 100) / 100;
}

/** Whether a distance lies inside a radius; the boundary itself counts as inside. */
export function isWithinRadius(distanceM: number, radiusM: number): boolean {
  return distanceM <= radiusM;
}
