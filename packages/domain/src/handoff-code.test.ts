import { describe, expect, it } from 'vitest';
import { ACCESS_CODE_ALPHABET } from './access-code';
import { generateHandoffCode, HANDOFF_CODE_LENGTH, normalizeHandoffCode } from './handoff-code';

describe('generateHandoffCode', () => {
  it('draws six symbols of the access-code alphabet', () => {
    const draws = [0, 31, 8, 24, 2, 5];
    const code = generateHandoffCode(() => draws.shift() ?? 0);
    expect(code).toBe('A9J2CF');
    expect(code).toHaveLength(HANDOFF_CODE_LENGTH);
  });

  it.each([-1, 32, 1.5, Number.NaN])('refuses a random source answering %s', (bad) => {
    expect(() => generateHandoffCode(() => bad)).toThrow(RangeError);
  });

  it('only uses unambiguous symbols', () => {
    expect(ACCESS_CODE_ALPHABET).not.toMatch(/[IO01]/);
  });
});

describe('normalizeHandoffCode', () => {
  it.each([
    ['A9JZCF', 'A9JZCF'],
    ['a9jzcf', 'A9JZCF'],
    [' a9j-zcf ', 'A9JZCF'],
    ['A9J ZCF', 'A9JZCF'],
  ])('reads %j as %s', (typed, code) => {
    expect(normalizeHandoffCode(typed)).toBe(code);
  });

  it.each(['', 'A9JZC', 'A9JZCFF', 'A9JZC0', 'A9JZCI', 'A9JZC!'])('refuses %j', (typed) => {
    expect(normalizeHandoffCode(typed)).toBeNull();
  });
});
