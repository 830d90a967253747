import { describe, expect, it } from 'vitest';
import {
  coordinatesFromClick,
  mapPins,
  pinClassName,
  pinHtml,
  pinsDistanceKm,
  routeBounds,
  routeLine,
} from './map-helpers';

const step = (lat: string, lng: string, place = 'P', radius = '50') => ({
  lat,
  lng,
  radius,
  place,
});

describe('mapPins', () => {
  it('numbers pins by list position and skips steps without valid coordinates', () => {
    const pins = mapPins(
      [
        step('41.9', '12.48', 'Trevi'),
        step('', '12.5', 'Not placed'),
        step('95', '12.5', 'Out of range'),
        step('41.8986', '12.4769', 'Pantheon', '0'),
      ],
      3,
    );
    expect(pins).toEqual([
      { index: 0, number: 1, lat: 41.9, lng: 12.48, radiusM: 50, place: 'Trevi', selected: false },
      {
        index: 3,
        number: 4,
        lat: 41.8986,
        lng: 12.4769,
        radiusM: null,
        place: 'Pantheon',
        selected: true,
      },
    ]);
  });

  it('reads a comma as the decimal point', () => {
    expect(mapPins([step('41,5', '12,25')], null)[0]).toMatchObject({ lat: 41.5, lng: 12.25 });
  });
});

describe('routeBounds and routeLine', () => {
  it('is null without pins', () => {
    expect(routeBounds([])).toBeNull();
    expect(routeLine([])).toEqual([]);
  });

  it('boxes every pin and draws the line in step order', () => {
    const pins = mapPins([step('41.9', '12.5'), step('41.8', '12.6'), step('41.95', '12.4')], null);
    expect(routeBounds(pins)).toEqual([
      [41.8, 12.4],
      [41.95, 12.6],
    ]);
    expect(routeLine(pins)).toEqual([
      [41.9, 12.5],
      [41.8, 12.6],
      [41.95, 12.4],
    ]);
  });
});

describe('pinsDistanceKm', () => {
  it('sums the legs between placed steps (km, two decimals)', () => {
    const pins = mapPins([step('41.900932', '12.483313'), step('41.898614', '12.476869')], null);
    expect(pinsDistanceKm(pins)).toBe(0.59);
    expect(pinsDistanceKm([])).toBe(0);
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
    expect(pinHtml({ number: 3 })).toBe('<span class="se-pin__label">3</span>');
    expect(pinClassName({ selected: false })).toBe('se-pin');
    expect(pinClassName({ selected: true })).toBe('se-pin se-pin--selected');
  });
});
