import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isControlCode } from './folder-name';
import {
  distinctFileNames,
  SAFE_NAME_MAX_BYTES,
  SAFE_NAME_MAX_CHARS,
  safeFileName,
} from './safe-file-name';

const FALLBACK = 'Squadra';
const utf8 = (text: string) => new TextEncoder().encode(text).length;

describe('safeFileName', () => {
  it.each([
    ['Fontana di Trevi', 'Fontana di Trevi'],
    ['Caffè', 'Caffè'],
    ['Piazza San Marco ☕', 'Piazza San Marco ☕'],
    ["Campo de' Fiori", "Campo de' Fiori"],
    ['東京', '東京'],
    ['I Leoni (2)', 'I Leoni (2)'],
    // NFD 'è' (e + combining grave) is written as the one character.
    ['Caffe\u0300', 'Caffè'],
    ['a..b', 'a..b'],
  ])('keeps %j as %j', (text, name) => {
    expect(safeFileName(text, FALLBACK)).toBe(name);
  });

  it.each([
    ['Bar/Caffè', 'Bar_Caffè'],
    ['a\\b', 'a_b'],
    ['/etc/passwd', '_etc_passwd'],
    ['../../etc/passwd', '_.._etc_passwd'],
    ['..\\..\\boot.ini', '_.._boot.ini'],
    ['C:\\Windows', 'C__Windows'],
    ['Chi? Noi*! <3 | "noi"', 'Chi_ Noi_! _3 _ _noi_'],
    ['riga\nnuova', 'riga nuova'],
    ['tab\tqui\u0000e\u007fdel\u0085c1', 'tab qui e del c1'],
    ['  tre   spazi  ', 'tre spazi'],
    [' Roma. ', 'Roma'],
    ['.nascosta', 'nascosta'],
    ['Roma...', 'Roma'],
    ['foto\u202Egpj.exe', 'fotogpj.exe'],
    ['\u2066a\u2069\u200e', 'a'],
    ['con', '_con'],
    ['NUL.txt', '_NUL.txt'],
    ['com1', '_com1'],
    ['a\ud800b', 'a_b'],
    ['console', 'console'],
  ])('makes %j safe as %j', (text, name) => {
    expect(safeFileName(text, FALLBACK)).toBe(name);
  });

  it.each(['', ' ', '.', '..', '...', ' . . ', '\u0000', '\n\t', '\u202e'])(
    'answers the fallback for %j',
    (text) => {
      expect(safeFileName(text, FALLBACK)).toBe(FALLBACK);
    },
  );

  it.each([
    ['x'.repeat(300), 'x'.repeat(SAFE_NAME_MAX_CHARS)],
    // Two bytes each: 100 characters are 200 bytes.
    ['é'.repeat(150), 'é'.repeat(100)],
    // Three bytes each: 66 fit in 200 bytes.
    ['☕'.repeat(100), '☕'.repeat(66)],
    // Four bytes each (two UTF-16 units): never half of one.
    ['😀'.repeat(100), '😀'.repeat(50)],
    // A cut that leaves a dot or a space at the end trims it.
    [`${'a'.repeat(99)}.b`, 'a'.repeat(99)],
    [`${'a'.repeat(99)} b`, 'a'.repeat(99)],
  ])('caps %j', (text, name) => {
    expect(safeFileName(text, FALLBACK)).toBe(name);
  });

  it('gives one safe name for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        const name = safeFileName(text, FALLBACK);
        expect(name).not.toBe('');
        expect(['.', '..']).not.toContain(name);
        expect(name).not.toMatch(/[/\\<>:"|?*]/);
        expect(name).not.toMatch(/^[ .]|[ .]$/);
        // No control character (C0, DEL, C1) is left.
        expect([...name].some((c) => isControlCode(c.codePointAt(0) ?? 0))).toBe(false);
        expect([...name].length).toBeLessThanOrEqual(SAFE_NAME_MAX_CHARS);
        expect(utf8(name)).toBeLessThanOrEqual(SAFE_NAME_MAX_BYTES);
        expect(safeFileName(name, FALLBACK)).toBe(name);
      }),
    );
  });
});

describe('distinctFileNames', () => {
  it.each([
    [[], []],
    [['Squadra'], ['Squadra']],
    [
      ['Squadra', 'Leoni', 'Squadra', 'Squadra'],
      ['Squadra', 'Leoni', 'Squadra (2)', 'Squadra (3)'],
    ],
    // Case-insensitive file systems would merge them.
    [
      ['Squadra', 'squadra', 'SQUADRA'],
      ['Squadra', 'squadra (2)', 'SQUADRA (3)'],
    ],
    // A team named like a numbered folder keeps its name; the next duplicate skips it.
    [
      ['Squadra', 'Squadra (2)', 'Squadra'],
      ['Squadra', 'Squadra (2)', 'Squadra (3)'],
    ],
    [
      ['Squadra (2)', 'Squadra', 'Squadra'],
      ['Squadra (2)', 'Squadra', 'Squadra (3)'],
    ],
  ])('makes %j distinct as %j', (names, distinct) => {
    expect(distinctFileNames(names)).toEqual(distinct);
  });
});
