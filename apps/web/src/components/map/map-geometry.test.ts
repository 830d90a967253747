import { describe, expect, it } from 'vitest';
import { boundsOf, coordinatesFromClick, pinClassName, pinHtml } from './map-geometry';

describe('boundsOf', () => {
  it('boxes every point, and nothing without points', () => {
    const points = [
      { lat: 41.9, lng: 12.5 },
      { lat: 41.8, lng: 12.6 },
      { lat: 41.95, lng: 12.4 },
    ];
    expect(boundsOf(points)).toEqual([
      [41.8, 12.4],
      [41.95, 12.6],
    ]);
    expect(boundsOf([])).toBeNull();
  });
});

describe('coordinatesFromClick', () => {
  it('rounds to 6 decimals', () => {
    expect(coordinatesFromClick({ lat: 41.90093249, lng: 12.48331351 })).toEqual({
      lat: 41.900932,
      lng: 12.483314,
    });
  });

  it('wraps the longitude of a repeated world and clamps the latitude', () => {
    expect(coordinatesFromClick({ lat: 41.9, lng: 372.5 })).toEqual({ lat: 41.9, lng: 12.5 });
    expect(coordinatesFromClick({ lat: 41.9, lng: -347.5 })).toEqual({ lat: 41.9, lng: 12.5 });
    expect(coordinatesFromClick({ lat: 91, lng: 0 })).toEqual({ lat: 90, lng: 0 });
  });
});

describe('pin icons', () => {
  it('show only the number and highlight the selected pin', () => {
    expect(pinHtml({ number: 3 })).toBe('<span class="map-pin__label">3</span>');
    expect(pinClassName({ selected: false })).toBe('map-pin');
    expect(pinClassName({ selected: true })).toBe('map-pin map-pin--selected');
  });
});
