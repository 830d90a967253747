import { describe, expect, it } from 'vitest';
import {
  isJsonObject,
  parseMaybeJson,
  toChoiceList,
  toFlag,
  toNumber,
  toOptionalText,
} from './route-json-fields';

describe('toNumber', () => {
  it.each([
    [41.89, 41.89],
    ['41.89', 41.89],
    [' -12.5 ', -12.5],
    ['0', 0],
    ['1e2', 100],
    ['abc', null],
    ['12abc', null],
    ['', null],
    ['  ', null],
    [null, null],
    [undefined, null],
    [true, null],
    [Number.NaN, null],
    [Infinity, null],
    ['Infinity', null],
  ])('%j → %j', (value, expected) => {
    expect(toNumber(value)).toBe(expected);
  });
});

describe('toOptionalText', () => {
  it.each([
    ['testo', 'testo'],
    [' spazi ', ' spazi '],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
    [1762, '1762'],
    [false, null],
    [{}, null],
  ])('%j → %j', (value, expected) => {
    expect(toOptionalText(value)).toBe(expected);
  });
});

describe('toFlag', () => {
  it.each([
    [true, true],
    [1, true],
    ['1', true],
    ['true', true],
    [false, false],
    [0, false],
    ['0', false],
    ['false', false],
    ['yes', false],
    [2, false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (value, expected) => {
    expect(toFlag(value)).toBe(expected);
  });
});

describe('parseMaybeJson, toChoiceList and isJsonObject', () => {
  it('parses JSON text and passes other values through', () => {
    expect(parseMaybeJson('["A"]')).toEqual(['A']);
    expect(parseMaybeJson('[A')).toBeUndefined();
    expect(parseMaybeJson(['A'])).toEqual(['A']);
  });

  it.each([
    [
      ['A', 'B'],
      ['A', 'B'],
    ],
    [
      [1, 'B'],
      ['1', 'B'],
    ],
    [[], null],
    [['A', null], null],
    ['A', null],
    [{ 0: 'A' }, null],
  ])('toChoiceList(%j) → %j', (value, expected) => {
    expect(toChoiceList(value)).toEqual(expected);
  });

  it.each([
    [{}, true],
    [[], false],
    [null, false],
    ['{}', false],
  ])('isJsonObject(%j) → %s', (value, expected) => {
    expect(isJsonObject(value)).toBe(expected);
  });
});
