import { describe, expect, it } from 'vitest';
import { isStorableDate } from './storable-date';

describe('isStorableDate', () => {
  it.each([
    ['2026-06-01', true],
    ['2026-06-01T08:00:00Z', true],
    ['0001-01-01T00:00:00Z', true],
    ['9999-12-31T23:59:59Z', true],
    ['0000-01-01', false],
    ['0000-01-01T00:00:00Z', false],
    ['9999-12-31T23:59:59-14:00', false],
    ['garbage', false],
    ['', false],
  ])('%s → %s', (text, expected) => {
    expect(isStorableDate(text)).toBe(expected);
  });
});
