import { describe, expect, it } from 'vitest';
import { EMPTY_SCORING, scoringDraftFrom, scoringFromDraft } from './scoring-draft';

describe('scoringFromDraft', () => {
  it('gives null for an empty draft', () => {
    expect(scoringFromDraft(EMPTY_SCORING)).toEqual({ ok: true, value: null });
    expect(scoringFromDraft({ ...EMPTY_SCORING, cap: '  ' })).toEqual({ ok: true, value: null });
  });

  it('converts seconds to milliseconds and keeps only what is filled in', () => {
    const result = scoringFromDraft({
      ...EMPTY_SCORING,
      firstTry: '10',
      otherTry: '2',
      limitSeconds: '90',
      withinPoints: '5',
      overPoints: '1',
      quick: [
        { seconds: '30', points: '3' },
        { seconds: '1,5', points: '4' },
      ],
      combine: 'max',
      cap: '12',
      skipAward: '0',
    });
    expect(result).toEqual({
      ok: true,
      value: {
        attempt_award: { first_try: 10, other_try: 2 },
        duration_award: { limit_ms: 90_000, within_points: 5, over_points: 1 },
        quick_award: [
          { lte_ms: 30_000, points: 3 },
          { lte_ms: 1_500, points: 4 },
        ],
        combine: 'max',
        cap: 12,
        skip_award: 0,
      },
    });
  });

  it('refuses a partial duration award, an incomplete threshold and non-numbers', () => {
    expect(scoringFromDraft({ ...EMPTY_SCORING, limitSeconds: '60' })).toEqual({
      ok: false,
      error: 'scoringDuration',
    });
    expect(scoringFromDraft({ ...EMPTY_SCORING, quick: [{ seconds: '10', points: '' }] })).toEqual({
      ok: false,
      error: 'scoringQuick',
    });
    expect(scoringFromDraft({ ...EMPTY_SCORING, cap: 'abc' })).toEqual({
      ok: false,
      error: 'scoringNumber',
    });
    expect(scoringFromDraft({ ...EMPTY_SCORING, quick: [{ seconds: '-1', points: '2' }] })).toEqual(
      { ok: false, error: 'scoringNumber' },
    );
  });

  it('refuses what an import refuses: points beyond the range, fractions, a day and more', () => {
    for (const draft of [
      { ...EMPTY_SCORING, firstTry: '1000000000000' },
      { ...EMPTY_SCORING, skipAward: '1.5' },
      { ...EMPTY_SCORING, quick: [{ seconds: '86401', points: '1' }] },
    ]) {
      expect(scoringFromDraft(draft)).toEqual({ ok: false, error: 'scoringRange' });
    }
    expect(scoringFromDraft({ ...EMPTY_SCORING, firstTry: '1000' })).toMatchObject({ ok: true });
  });
});

describe('scoringDraftFrom', () => {
  it('shows milliseconds as seconds and round-trips', () => {
    const config = {
      attempt_award: { first_try: 10, second_try: 6 },
      duration_award: { limit_ms: 120_000, within_points: 4, over_points: 0 },
      quick_award: [{ lte_ms: 45_500, points: 2 }],
      skip_award: 1,
    };
    const draft = scoringDraftFrom(config);
    expect(draft).toMatchObject({
      firstTry: '10',
      secondTry: '6',
      otherTry: '',
      limitSeconds: '120',
      quick: [{ seconds: '45.5', points: '2' }],
      combine: '',
      skipAward: '1',
    });
    expect(scoringFromDraft(draft)).toEqual({ ok: true, value: config });
    expect(scoringDraftFrom(null)).toEqual(EMPTY_SCORING);
  });
});
