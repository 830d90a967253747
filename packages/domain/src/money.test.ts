import { describe, expect, it } from 'vitest';
import { euroToCents, formatEuroAmount } from './money';

describe('euroToCents', () => {
  it.each([
    [12.5, 1250],
    ['12.50', 1250],
    ['12.345', 1235],
    [12.345, 1235],
    ['12.344', 1234],
    ['12.3449', 1234],
    ['12.355', 1236],
    ['-12.345', -1235],
    [-12.345, -1235],
    [1.005, 101],
    [0.1 + 0.2, 30],
    [0.015, 2],
    [0.005, 1],
    [0.004, 0],
    [-0.004, 0],
    [1e-7, 0],
    [0, 0],
    ['0', 0],
    ['  7 ', 700],
    ['7.', 700],
    ['.5', 50],
    ['12,5', 1250],
    ['+3.10', 310],
    [100, 10_000],
    ['1000000', 100_000_000],
  ])('%j → %i cents', (value, expected) => {
    expect(euroToCents(value)).toBe(expected);
  });

  it.each([['abc'], [''], ['.'], ['1.2.3'], ['12 €'], ['1e3'], [Number.NaN], [Infinity], [1e21]])(
    'rejects %j',
    (value) => {
      expect(() => euroToCents(value)).toThrow(RangeError);
    },
  );
});

describe('formatEuroAmount', () => {
  it.each([
    [1250, '12.50'],
    [1235, '12.35'],
    [5, '0.05'],
    [0, '0.00'],
    [100, '1.00'],
    [123_456, '1234.56'],
    [-1250, '-12.50'],
    [-5, '-0.05'],
    [1234.5, '12.35'],
    [-0.4, '0.00'],
  ])('%d cents → %j', (cents, expected) => {
    expect(formatEuroAmount(cents)).toBe(expected);
  });
});
