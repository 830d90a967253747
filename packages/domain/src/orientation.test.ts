import { describe, expect, it } from 'vitest';
import {
  COMPASS_DEG,
  ORIENTATION_NAME_DEG,
  ORIENTATION_TOLERANCE_DEG,
  angularDifferenceDeg,
  isHeadingAccepted,
  orientationDegFromImport,
  orientationNameFromDeg,
} from './orientation';

describe('constants', () => {
  it('maps letters and names to degrees clockwise from north', () => {
    expect(ORIENTATION_TOLERANCE_DEG).toBe(45);
    expect(COMPASS_DEG).toEqual({ N: 0, E: 90, S: 180, W: 270 });
    expect(ORIENTATION_NAME_DEG).toEqual({ nord: 0, est: 90, sud: 180, ovest: 270 });
  });
});

describe('orientationDegFromImport', () => {
  it.each([
    ['nord', 0],
    ['est', 90],
    ['sud', 180],
    ['ovest', 270],
    ['  Ovest ', 270],
    ['EST', 90],
    [undefined, null],
    [null, null],
    ['', null],
    ['   ', null],
    ['north', 0],
    ['E', 0],
    [90, 0],
    [true, 0],
    [{}, 0],
  ])('%j → %j', (value, expected) => {
    expect(orientationDegFromImport(value)).toBe(expected);
  });
});

describe('orientationNameFromDeg', () => {
  it.each([
    [0, 'nord'],
    [90, 'est'],
    [180, 'sud'],
    [270, 'ovest'],
    [null, null],
    [Number.NaN, null],
    [44, 'nord'],
    [45, 'est'],
    [134, 'est'],
    [135, 'sud'],
    [314, 'ovest'],
    [315, 'nord'],
    [359, 'nord'],
    [360, 'nord'],
    [-90, 'ovest'],
    [450, 'est'],
  ])('%j → %j', (deg, expected) => {
    expect(orientationNameFromDeg(deg)).toBe(expected);
  });
});

describe('angularDifferenceDeg', () => {
  it.each([
    [0, 0, 0],
    [0, 90, 90],
    [90, 0, 90],
    [0, 180, 180],
    [0, 350, 10],
    [350, 10, 20],
    [10, 350, 20],
    [270, 90, 180],
    [0, 720, 0],
    [-10, 10, 20],
  ])('between %d and %d is %d', (a, b, expected) => {
    expect(angularDifferenceDeg(a, b)).toBe(expected);
  });
});

describe('isHeadingAccepted', () => {
  it.each([
    [0, 0, true],
    [0, 45, true],
    [0, 46, false],
    [0, 315, true],
    [0, 314, false],
    [0, 350, true],
    [90, 135, true],
    [90, 136, false],
    [270, 180, false],
    [270, 225, true],
    [180, 0, false],
  ])('target %d, heading %d → %s', (targetDeg, headingDeg, expected) => {
    expect(isHeadingAccepted({ targetDeg, headingDeg })).toBe(expected);
  });

  it('honours a custom tolerance', () => {
    expect(isHeadingAccepted({ targetDeg: 0, headingDeg: 20, toleranceDeg: 20 })).toBe(true);
    expect(isHeadingAccepted({ targetDeg: 0, headingDeg: 21, toleranceDeg: 20 })).toBe(false);
  });
});
