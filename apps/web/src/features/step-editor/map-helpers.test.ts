import { describe, expect, it } from 'vitest';
import { mapPins, pinsDistanceKm, routeBounds, routeLine } from './map-helpers';

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
