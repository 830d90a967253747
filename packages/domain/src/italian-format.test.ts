import { describe, expect, it } from 'vitest';
import { formatDistanceKm, formatEuroCents } from './italian-format';

describe('formatEuroCents', () => {
  it.each([
    [990, '€ 9,90'],
    [1250, '€ 12,50'],
    [5, '€ 0,05'],
    [0, '€ 0,00'],
    [123_456, '€ 1.234,56'],
    [100_000_000, '€ 1.000.000,00'],
    [9_999_999_999, '€ 99.999.999,99'],
    [-1250, '€ -12,50'],
    [1234.5, '€ 12,35'],
  ])('%d cents → %j', (cents, expected) => {
    expect(formatEuroCents(cents)).toBe(expected);
  });
});

describe('formatDistanceKm', () => {
  it.each([
    [2.2, '2,20 km'],
    [1.2345, '1,23 km'],
    [1.235, '1,24 km'],
    [0, '0,00 km'],
    [0.004, '0,00 km'],
    [0.005, '0,01 km'],
    [1234.5, '1.234,50 km'],
  ])('%d km → %j', (km, expected) => {
    expect(formatDistanceKm(km)).toBe(expected);
  });

  it('refuses a distance that is not a number', () => {
    expect(() => formatDistanceKm(Number.NaN)).toThrow(RangeError);
  });
});
