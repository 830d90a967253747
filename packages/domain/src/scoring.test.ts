import { describe, expect, it } from 'vitest';
import type { ScoringConfig } from './scoring';
import { configuredPoints, fallbackPoints, scoreStep, skipPoints } from './scoring';

describe('fallbackPoints', () => {
  it.each([
    [0, null, 9],
    [60_000, null, 9],
    [60_001, null, 8],
    [120_000, null, 8],
    [120_001, null, 7],
    [180_000, null, 7],
    [180_001, null, 6],
    [3_600_000, null, 6],
    [60_000, 0, 10],
    [60_000, 14, 10],
    [60_000, 14.99, 10],
    [60_000, 15, 9],
    [60_000, 16, 9],
    [180_001, 0, 7],
  ])('elapsed %i ms, distance %j m of 100 m → %i', (elapsedMs, distanceM, expected) => {
    expect(fallbackPoints({ elapsedMs, distanceM, radiusM: 100 })).toBe(expected);
  });

  it.each([
    [20, 3, 9], // 15% of 20 m is exactly 3 m: no bonus
    [20, 2.99, 10],
    [60, 9, 9],
    [60, 8.99, 10],
    [7, 1.05, 9],
    [7, 1.04, 10],
    [17, 2.55, 9], // 2.55 * 100 is 254.99999999999997 in floating point
    [17, 2.549, 10],
    [31, 4.65, 9], // 0.15 * 31 is 4.6499999999999995 in floating point
  ])('radius %d m, distance %d m at 30 s → %i', (radiusM, distanceM, expected) => {
    expect(fallbackPoints({ elapsedMs: 30_000, distanceM, radiusM })).toBe(expected);
  });
});

describe('configuredPoints', () => {
  const attempts: ScoringConfig = { attempt_award: { first_try: 10, second_try: 6, other_try: 2 } };
  it.each([
    [0, 10],
    [1, 10],
    [2, 6],
    [3, 2],
    [9, 2],
  ])('attempt %i → %i', (attempt, expected) => {
    expect(configuredPoints(attempts, { attempt, elapsedMs: 0 })).toBe(expected);
  });

  it('gives 0 for a missing try award and an empty config', () => {
    expect(
      configuredPoints({ attempt_award: { first_try: 5 } }, { attempt: 2, elapsedMs: 0 }),
    ).toBe(0);
    expect(configuredPoints({}, { attempt: 1, elapsedMs: 0 })).toBe(0);
  });

  const duration: ScoringConfig = {
    duration_award: { limit_ms: 90_000, within_points: 8, over_points: 3 },
  };
  it.each([
    [0, 8],
    [90_000, 8],
    [90_001, 3],
  ])('duration award at %i ms → %i', (elapsedMs, expected) => {
    expect(configuredPoints(duration, { attempt: 1, elapsedMs })).toBe(expected);
  });

  // Deliberately unsorted: the thresholds are sorted ascending before matching.
  const quick: ScoringConfig = {
    quick_award: [
      { lte_ms: 120_000, points: 2 },
      { lte_ms: 30_000, points: 7 },
      { lte_ms: 60_000, points: 4 },
    ],
  };
  it.each([
    [0, 7],
    [30_000, 7],
    [30_001, 4],
    [60_000, 4],
    [60_001, 2],
    [120_000, 2],
    [120_001, 0],
  ])('quick award at %i ms → %i', (elapsedMs, expected) => {
    expect(configuredPoints(quick, { attempt: 1, elapsedMs })).toBe(expected);
  });

  const all = { ...attempts, ...duration, ...quick } satisfies ScoringConfig;
  it.each([
    ['sum by default', all, 1, 20_000, 10 + 8 + 7],
    ['sum', { ...all, combine: 'sum' }, 2, 100_000, 6 + 3 + 2],
    ['max', { ...all, combine: 'max' }, 1, 20_000, 10],
    ['max', { ...all, combine: 'max' }, 3, 20_000, 8],
    ['cap lowers', { ...all, cap: 12 }, 1, 20_000, 12],
    ['cap above total', { ...all, cap: 100 }, 1, 20_000, 25],
    ['cap equal', { ...all, cap: 25 }, 1, 20_000, 25],
    ['cap null', { ...all, cap: null }, 1, 20_000, 25],
    ['cap after max', { ...all, combine: 'max', cap: 9 }, 1, 20_000, 9],
    ['negative kept', { attempt_award: { other_try: -3 } }, 3, 0, -3],
    ['cap does not raise', { attempt_award: { other_try: -3 }, cap: 5 }, 3, 0, -3],
    ['max over configured only', { attempt_award: { other_try: -3 }, combine: 'max' }, 3, 0, -3],
  ] satisfies [string, ScoringConfig, number, number, number][])(
    '%s → %i',
    (_name, config, attempt, elapsedMs, expected) => {
      expect(configuredPoints(config, { attempt, elapsedMs })).toBe(expected);
    },
  );
});

describe('scoreStep', () => {
  const base = { attempt: 2, elapsedMs: 61_000, distanceM: 5, radiusM: 50 };
  it.each([
    ['exploration with config', 'exploration', { attempt_award: { second_try: 4 } }, 0],
    ['exploration without config', 'exploration', null, 0],
    ['progressive with config', 'progressive', { attempt_award: { second_try: 4 } }, 4],
    ['progressive with empty config', 'progressive', {}, 0],
    ['progressive without config', 'progressive', null, 5 + 3 + 1],
    ['progressive with undefined config', 'progressive', undefined, 9],
  ] satisfies [string, 'progressive' | 'exploration', ScoringConfig | null | undefined, number][])(
    '%s → %i',
    (_name, routeType, scoring, expected) => {
      expect(scoreStep({ ...base, routeType, scoring })).toBe(expected);
    },
  );

  it('drops the distance bonus when geolocation is off', () => {
    expect(scoreStep({ ...base, routeType: 'progressive', scoring: null, distanceM: null })).toBe(
      8,
    );
  });
});

describe('skipPoints', () => {
  it.each([
    ['exploration', { skip_award: 3 }, 0],
    ['progressive', { skip_award: 3 }, 3],
    ['progressive', { skip_award: -2 }, -2],
    ['progressive', {}, 0],
    ['progressive', null, 0],
    ['progressive', undefined, 0],
  ] satisfies ['progressive' | 'exploration', ScoringConfig | null | undefined, number][])(
    '%s with %j → %i',
    (routeType, scoring, expected) => {
      expect(skipPoints(routeType, scoring)).toBe(expected);
    },
  );
});
