import { describe, expect, it } from 'vitest';
import type { LatLng } from './geo';
import { EARTH_RADIUS_KM, EARTH_RADIUS_M, distanceM, isWithinRadius, routeDistanceKm } from './geo';

const trevi: LatLng = { lat: 41.900932, lng: 12.483313 };
const pantheon: LatLng = { lat: 41.898614, lng: 12.476869 };
const navona: LatLng = { lat: 41.89897, lng: 12.473078 };
const origin: LatLng = { lat: 0, lng: 0 };

describe('constants', () => {
  it('uses the mean Earth radius', () => {
    expect(EARTH_RADIUS_M).toBe(6_371_000);
    expect(EARTH_RADIUS_KM).toBe(6371);
  });
});

describe('distanceM', () => {
  // Expected values computed independently (Python, haversine and spherical law of cosines agree).
  it.each([
    ['Trevi → Pantheon', trevi, pantheon, 592], // 592.349 m
    ['Pantheon → Trevi', pantheon, trevi, 592],
    ['Pantheon → Navona', pantheon, navona, 316], // 316.250 m
    ['same point', trevi, trevi, 0],
    ['one degree of longitude on the equator', origin, { lat: 0, lng: 1 }, 111_195], // 111194.93 m
    ['antipodes', origin, { lat: 0, lng: 180 }, 20_015_087], // π·R = 20015086.796 m
  ])('%s is %i m', (_name, a, b, expected) => {
    expect(distanceM(a, b)).toBe(expected);
  });
});

describe('routeDistanceKm', () => {
  it.each([
    ['no points', [], 0],
    ['one point', [trevi], 0],
    ['Trevi → Pantheon', [trevi, pantheon], 0.59],
    // 0.592349 + 0.316250 = 0.908599 km: rounding the sum, not the legs.
    ['Trevi → Pantheon → Navona', [trevi, pantheon, navona], 0.91],
    ['back and forth', [trevi, pantheon, trevi], 1.18], // 1.184697 km
    ['one degree on the equator', [origin, { lat: 0, lng: 1 }], 111.19], // 111.1949 km
  ] satisfies [string, LatLng[], number][])('%s is %d km', (_name, points, expected) => {
    expect(routeDistanceKm(points)).toBe(expected);
  });
});

describe('isWithinRadius', () => {
  it.each([
    [0, 50, true],
    [49, 50, true],
    [50, 50, true],
    [51, 50, false],
    [50.5, 50, false],
  ])('%d m within %d m is %s', (distance, radius, expected) => {
    expect(isWithinRadius(distance, radius)).toBe(expected);
  });
});
