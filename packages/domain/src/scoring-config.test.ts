import { describe, expect, it } from 'vitest';
import { parseScoringConfig } from './scoring-config';

describe('parseScoringConfig, accepted', () => {
  it.each([
    [null, null],
    [undefined, null],
    [{}, {}],
    [{ attempt_award: { first_try: 10 } }, { attempt_award: { first_try: 10 } }],
    [
      {
        attempt_award: { first_try: 10, second_try: 5, other_try: -1 },
        duration_award: { limit_ms: 60_000, within_points: 5, over_points: 0 },
        quick_award: [{ lte_ms: 10_000, points: 3 }],
        combine: 'max',
        cap: 12,
        skip_award: 1,
      },
      {
        attempt_award: { first_try: 10, second_try: 5, other_try: -1 },
        duration_award: { limit_ms: 60_000, within_points: 5, over_points: 0 },
        quick_award: [{ lte_ms: 10_000, points: 3 }],
        combine: 'max',
        cap: 12,
        skip_award: 1,
      },
    ],
    [
      { combine: 'sum', cap: null, quick_award: [] },
      { combine: 'sum', cap: null, quick_award: [] },
    ],
    // Unknown keys are dropped rather than rejected.
    [
      { skip_award: 2, bonus: 99, attempt_award: { first_try: 1, x: 2 } },
      { skip_award: 2, attempt_award: { first_try: 1 } },
    ],
  ])('%j → %j', (input, expected) => {
    expect(parseScoringConfig(input)).toEqual({ ok: true, value: expected });
  });
});

describe('parseScoringConfig, rejected', () => {
  it.each([
    ['a string', '{"cap":1}', 'scoring non valido: deve essere un oggetto'],
    ['an array', [], 'scoring non valido: deve essere un oggetto'],
    ['a number', 5, 'scoring non valido: deve essere un oggetto'],
    [
      'attempt award not an object',
      { attempt_award: 3 },
      'scoring non valido: "attempt_award" deve essere un oggetto',
    ],
    [
      'attempt award as a string',
      { attempt_award: { first_try: '10' } },
      'scoring non valido: "attempt_award.first_try" deve essere un numero',
    ],
    [
      'duration award missing a field',
      { duration_award: { limit_ms: 1000, within_points: 1 } },
      'scoring non valido: "duration_award.over_points" deve essere un numero',
    ],
    [
      'infinite limit',
      { duration_award: { limit_ms: Infinity, within_points: 1, over_points: 0 } },
      'scoring non valido: "duration_award.limit_ms" deve essere un numero',
    ],
    [
      'quick award object',
      { quick_award: {} },
      'scoring non valido: "quick_award" deve essere un array',
    ],
    [
      'quick award item not an object',
      { quick_award: [{ lte_ms: 1, points: 1 }, 5] },
      'scoring non valido: "quick_award[1]" deve essere un oggetto',
    ],
    [
      'quick award NaN points',
      { quick_award: [{ lte_ms: 1, points: Number.NaN }] },
      'scoring non valido: "quick_award[0].points" deve essere un numero',
    ],
    ['combine min', { combine: 'min' }, 'scoring non valido: "combine" deve essere "sum" o "max"'],
    ['cap string', { cap: '5' }, 'scoring non valido: "cap" deve essere un numero'],
    [
      'skip award null',
      { skip_award: null },
      'scoring non valido: "skip_award" deve essere un numero',
    ],
  ])('%s', (_name, input, error) => {
    expect(parseScoringConfig(input)).toEqual({ ok: false, error });
  });
});
