import { describe, expect, it } from 'vitest';
import {
  CHECK_TYPES,
  checkAnswer,
  foldAnswer,
  isCheckType,
  parseExpectedChoices,
} from './answer-check';

describe('check types', () => {
  it('lists the five types', () => {
    expect(CHECK_TYPES).toEqual(['text', 'qr', 'code', 'choice', 'photo']);
  });

  it.each([
    ['text', true],
    ['photo', true],
    ['Text', false],
    ['gps', false],
    ['', false],
  ])('isCheckType(%j) is %s', (value, expected) => {
    expect(isCheckType(value)).toBe(expected);
  });
});

describe('parseExpectedChoices', () => {
  it.each([
    [null, []],
    ['', []],
    ['Adriano', ['Adriano']],
    ['  Adriano  ', ['Adriano']],
    ['["Quadrighe", "Milite Ignoto"]', ['Quadrighe', 'Milite Ignoto']],
    ['[" A ", "", 42, null]', ['A', '42']],
    ['A|B', ['A', 'B']],
    [' A | B || ', ['A', 'B']],
    ['[not json|B', ['[not json', 'B']],
    ['[]', []],
  ])('%j → %j', (expected, result) => {
    expect(parseExpectedChoices(expected)).toEqual(result);
  });
});

describe('checkAnswer, single answer', () => {
  it.each([
    ['text', '1762', '1762', true],
    ['text', 'Adriano', '  adriano ', true],
    ['text', 'Adriano', 'Adrian', false],
    ['text', 'Adriano', '', false],
    ['text', 'Adriano', '   ', false],
    ['text', null, 'anything', false],
    ['qr', 'NAVONA-4FIUMI', ' NAVONA-4FIUMI ', true],
    ['qr', 'NAVONA-4FIUMI', 'navona-4fiumi', false],
    ['code', 'GATTI42X', 'GATTI42X', true],
    ['code', 'GATTI42X', 'gatti42x', false],
    ['code', 'GATTI42X', '', false],
    ['choice', 'Adriano', 'ADRIANO ', true],
    ['choice', 'Adriano', 'Nerone', false],
    ['photo', null, '', true],
    ['photo', 'ignored', 'x', true],
    ['video', 'x', 'x', false],
    ['', '', '', false],
  ] satisfies [string, string | null, string, boolean][])(
    '%s expecting %j given %j → %s',
    (checkType, expected, given, result) => {
      expect(checkAnswer({ checkType, expected, given })).toBe(result);
    },
  );

  it('accepts a one-item array as a single answer and rejects longer arrays', () => {
    expect(checkAnswer({ checkType: 'choice', expected: 'Adriano', given: ['adriano'] })).toBe(
      true,
    );
    expect(
      checkAnswer({ checkType: 'choice', expected: 'Adriano', given: ['Adriano', 'Nerone'] }),
    ).toBe(false);
    expect(checkAnswer({ checkType: 'text', expected: 'x', given: [] })).toBe(false);
  });

  it('ignores `multiple` outside choice steps', () => {
    expect(checkAnswer({ checkType: 'text', expected: 'A|B', given: 'a|b', multiple: true })).toBe(
      true,
    );
    expect(
      checkAnswer({ checkType: 'text', expected: 'A|B', given: ['A', 'B'], multiple: true }),
    ).toBe(false);
  });
});

describe('checkAnswer, multiple choice', () => {
  const json = '["Quadrighe", "Milite Ignoto"]';
  it.each([
    [json, ['Quadrighe', 'Milite Ignoto'], true],
    [json, ['milite ignoto ', ' QUADRIGHE'], true],
    [json, ['Quadrighe', 'Milite Ignoto', 'Quadrighe'], true],
    [json, ['Quadrighe'], false],
    [json, ['Quadrighe', 'Milite Ignoto', 'Obelisco egizio'], false],
    [json, ['Quadrighe', 'Obelisco egizio'], false],
    [json, [], false],
    [json, ['', '  '], false],
    [json, 'Quadrighe|Milite Ignoto', true],
    ['A|B', ['b', 'a'], true],
    ['A|B', ['a'], false],
    ['A', ['a'], true],
    [null, [], false],
    ['', [''], false],
  ] satisfies [string | null, string | string[], boolean][])(
    'expecting %j given %j → %s',
    (expected, given, result) => {
      expect(checkAnswer({ checkType: 'choice', expected, given, multiple: true })).toBe(result);
    },
  );
});

describe('foldAnswer (decision 0085)', () => {
  it.each([
    ['  Città  ', 'citta'],
    ['TEVERE', 'tevere'],
    ['Piazza \t  Navona', 'piazza navona'],
    ['Perché', 'perche'],
    ['São Paulo', 'sao paulo'],
    ['ÀÉÎÕÜ', 'aeiou'],
  ])('%j → %j', (given, folded) => {
    expect(foldAnswer(given)).toBe(folded);
  });
});

describe('checkAnswer with accepted variants and the tolerant switch (decision 0085)', () => {
  const check = (
    checkType: string,
    given: string,
    opts: { alsoAccept?: string[]; relaxed?: boolean | null } = {},
  ) => checkAnswer({ checkType, expected: 'TEVERE', given, ...opts });

  it("keeps the spec's rule when the switch is not set: code and qr exact, text ignoring case only", () => {
    expect(check('code', 'tevere')).toBe(false);
    expect(check('qr', 'tevere')).toBe(false);
    expect(check('code', ' TEVERE ')).toBe(true);
    expect(check('text', 'tevere')).toBe(true);
    expect(checkAnswer({ checkType: 'text', expected: 'Città', given: 'citta' })).toBe(false);
    expect(checkAnswer({ checkType: 'text', expected: 'a b', given: 'a  b' })).toBe(false);
  });

  it('folds case, accents and inner spaces when the switch is on, for every typed check', () => {
    for (const type of ['code', 'qr', 'text', 'choice']) {
      expect(check(type, 'tevere', { relaxed: true })).toBe(true);
      expect(check(type, 'tevére ', { relaxed: true })).toBe(true);
      expect(check(type, 'teverino', { relaxed: true })).toBe(false);
    }
    expect(
      checkAnswer({
        checkType: 'text',
        expected: 'Piazza Navona',
        given: 'piazza   navona',
        relaxed: true,
      }),
    ).toBe(true);
  });

  it('compares exactly when the switch is off, text included', () => {
    expect(check('text', 'tevere', { relaxed: false })).toBe(false);
    expect(check('text', 'TEVERE', { relaxed: false })).toBe(true);
  });

  it('accepts any of the variants on text, code and qr steps, never on choice steps', () => {
    const alsoAccept = ['Tiber', 'Tibre'];
    expect(check('code', 'Tiber', { alsoAccept })).toBe(true);
    expect(check('code', 'tiber', { alsoAccept })).toBe(false);
    expect(check('code', 'tiber', { alsoAccept, relaxed: true })).toBe(true);
    expect(check('qr', 'Tibre', { alsoAccept })).toBe(true);
    expect(check('text', 'tibre', { alsoAccept })).toBe(true);
    expect(check('choice', 'Tiber', { alsoAccept })).toBe(false);
    expect(check('code', '', { alsoAccept: [''] })).toBe(false);
  });
});
