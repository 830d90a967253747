import { describe, expect, it } from 'vitest';
import { parseScoringConfig, SCORING_POINTS_LIMIT, SCORING_TIME_LIMIT_MS } from './scoring-config';

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
    ['a string', '{"cap":1}', { issue: 'scoring_not_object' }],
    ['an array', [], { issue: 'scoring_not_object' }],
    ['a number', 5, { issue: 'scoring_not_object' }],
    [
      'attempt award not an object',
      { attempt_award: 3 },
      { issue: 'scoring_object', path: 'attempt_award' },
    ],
    [
      'attempt award as a string',
      { attempt_award: { first_try: '10' } },
      { issue: 'scoring_number', path: 'attempt_award.first_try' },
    ],
    [
      'duration award missing a field',
      { duration_award: { limit_ms: 1000, within_points: 1 } },
      { issue: 'scoring_number', path: 'duration_award.over_points' },
    ],
    [
      'infinite limit',
      { duration_award: { limit_ms: Infinity, within_points: 1, over_points: 0 } },
      { issue: 'scoring_number', path: 'duration_award.limit_ms' },
    ],
    ['quick award object', { quick_award: {} }, { issue: 'scoring_quick_award_array' }],
    [
      'quick award item not an object',
      { quick_award: [{ lte_ms: 1, points: 1 }, 5] },
      { issue: 'scoring_object', path: 'quick_award[1]' },
    ],
    [
      'quick award NaN points',
      { quick_award: [{ lte_ms: 1, points: Number.NaN }] },
      { issue: 'scoring_number', path: 'quick_award[0].points' },
    ],
    ['combine min', { combine: 'min' }, { issue: 'scoring_combine' }],
    ['cap string', { cap: '5' }, { issue: 'scoring_number', path: 'cap' }],
    ['skip award null', { skip_award: null }, { issue: 'scoring_number', path: 'skip_award' }],
  ])('%s', (_name, input, error) => {
    expect(parseScoringConfig(input)).toEqual({ ok: false, error });
  });
});

describe('parseScoringConfig, ranges (points the database holds, times up to a day)', () => {
  const points = { min: -SCORING_POINTS_LIMIT, max: SCORING_POINTS_LIMIT };
  const ms = { min: 0, max: SCORING_TIME_LIMIT_MS };
  it.each([
    ['huge points', { attempt_award: { first_try: 1e12 } }, 'attempt_award.first_try', points],
    ['fractional points', { skip_award: 1.5 }, 'skip_award', points],
    ['points below the range', { cap: -1001 }, 'cap', points],
    [
      'a negative time',
      { duration_award: { limit_ms: -1, within_points: 1, over_points: 0 } },
      'duration_award.limit_ms',
      ms,
    ],
    [
      'a time beyond a day',
      { quick_award: [{ lte_ms: SCORING_TIME_LIMIT_MS + 1, points: 1 }] },
      'quick_award[0].lte_ms',
      ms,
    ],
  ])('%s', (_name, input, path, range) => {
    expect(parseScoringConfig(input)).toEqual({
      ok: false,
      error: { issue: 'scoring_range', path, ...range },
    });
  });

  it('takes the ends of the ranges', () => {
    const input = {
      attempt_award: { first_try: SCORING_POINTS_LIMIT, other_try: -SCORING_POINTS_LIMIT },
      quick_award: [{ lte_ms: SCORING_TIME_LIMIT_MS, points: 0 }],
    };
    expect(parseScoringConfig(input)).toEqual({ ok: true, value: input });
  });
});
