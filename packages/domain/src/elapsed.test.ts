import { describe, expect, it } from 'vitest';
import { formatElapsed } from './elapsed';

describe('formatElapsed', () => {
  it.each([
    [0, '0:00'],
    [999, '0:00'],
    [1000, '0:01'],
    [59_999, '0:59'],
    [60_000, '1:00'],
    [61_000, '1:01'],
    [600_000, '10:00'],
    [3_599_999, '59:59'],
    [3_600_000, '1:00:00'],
    [3_661_000, '1:01:01'],
    [36_309_000, '10:05:09'],
    [360_000_000, '100:00:00'],
    [-1, '0:00'],
    [-60_000, '0:00'],
    [Number.NaN, '0:00'],
    [Infinity, '0:00'],
  ])('%d ms → %j', (elapsedMs, expected) => {
    expect(formatElapsed(elapsedMs)).toBe(expected);
  });
});
