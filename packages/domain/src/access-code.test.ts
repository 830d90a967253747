import { describe, expect, it } from 'vitest';
import type { RandomInt } from './access-code';
import {
  ACCESS_CODE_ALPHABET,
  ACCESS_CODE_BATCH_DEFAULT,
  ACCESS_CODE_BATCH_MAX,
  ACCESS_CODE_BATCH_MIN,
  ACCESS_CODE_LENGTH,
  generateAccessCode,
  generateAccessCodes,
  isAccessCodeFormat,
  parseBatchSize,
} from './access-code';

/** Deterministic source that returns the given indices in a loop. */
const sequence = (values: readonly number[]): RandomInt => {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
};

/** Deterministic pseudo-random source (mulberry32), so the tests never depend on real randomness. */
const seeded = (seed = 42): RandomInt => {
  let state = seed;
  return (max) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max);
  };
};

describe('constants', () => {
  it('has 32 symbols without I, O, 0 and 1', () => {
    expect(ACCESS_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(ACCESS_CODE_ALPHABET).size).toBe(32);
    for (const excluded of ['I', 'O', '0', '1'])
      expect(ACCESS_CODE_ALPHABET).not.toContain(excluded);
    expect(ACCESS_CODE_LENGTH).toBe(8);
    expect([ACCESS_CODE_BATCH_MIN, ACCESS_CODE_BATCH_MAX, ACCESS_CODE_BATCH_DEFAULT]).toEqual([
      1, 1000, 10,
    ]);
  });
});

describe('generateAccessCode', () => {
  it.each([
    [[0], 'AAAAAAAA'],
    [[31], '99999999'],
    [[0, 1, 2, 3, 4, 5, 6, 7], 'ABCDEFGH'],
    [[8, 13, 22, 23, 24, 25, 30, 31], 'JPYZ2389'],
  ])('indices %j → %s', (indices, expected) => {
    expect(generateAccessCode(sequence(indices))).toBe(expected);
  });

  it('asks for indices below 32', () => {
    const bounds: number[] = [];
    generateAccessCode((max) => {
      bounds.push(max);
      return 0;
    });
    expect(bounds).toEqual([32, 32, 32, 32, 32, 32, 32, 32]);
  });

  it.each([[-1], [32], [1.5], [Number.NaN]])('rejects a random source returning %d', (bad) => {
    expect(() => generateAccessCode(() => bad)).toThrow(RangeError);
  });
});

describe('generateAccessCodes', () => {
  it.each([[1], [10], [1000]])('generates %i distinct well-formed codes', (count) => {
    const codes = generateAccessCodes(count, seeded());
    expect(codes).toHaveLength(count);
    expect(new Set(codes).size).toBe(count);
    expect(codes.every(isAccessCodeFormat)).toBe(true);
  });

  it('skips duplicates and codes that already exist', () => {
    const random = sequence([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2,
      2,
    ]);
    expect(generateAccessCodes(2, random, new Set(['BBBBBBBB']))).toEqual(['AAAAAAAA', 'CCCCCCCC']);
  });

  it.each([[0], [1001], [2.5], [-1], [Number.NaN]])('rejects a count of %d', (count) => {
    expect(() => generateAccessCodes(count, seeded())).toThrow(RangeError);
  });

  it('gives up on a random source that cannot produce enough codes', () => {
    expect(() => generateAccessCodes(2, () => 0)).toThrow(
      'Could not generate 2 distinct access codes',
    );
  });
});

describe('isAccessCodeFormat', () => {
  it.each([
    ['ABCDEFGH', true],
    ['JPYZ2389', true],
    ['ABCDEFG', false],
    ['ABCDEFGHJ', false],
    ['ABCDEFGI', false],
    ['ABCDEFGO', false],
    ['ABCDEFG0', false],
    ['ABCDEFG1', false],
    ['abcdefgh', false],
    [' ABCDEFGH', false],
    ['', false],
  ])('%j → %s', (code, expected) => {
    expect(isAccessCodeFormat(code)).toBe(expected);
  });
});

describe('parseBatchSize', () => {
  it.each([
    [1, 1],
    [10, 10],
    [1000, 1000],
    ['250', 250],
    [' 7 ', 7],
    [0, null],
    [1001, null],
    ['1001', null],
    ['0', null],
    [-5, null],
    ['-5', null],
    [2.5, null],
    ['2.5', null],
    ['10abc', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (value, expected) => {
    expect(parseBatchSize(value)).toBe(expected);
  });
});
