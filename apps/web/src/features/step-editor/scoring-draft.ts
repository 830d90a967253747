import { parseScoringConfig, type ScoringConfig } from '@tappa/domain';

/** One quick-award threshold as typed: seconds and points. */
export interface QuickDraft {
  seconds: string;
  points: string;
}

/** The scoring configuration as the form edits it: text per input, times in seconds. */
export interface ScoringDraft {
  firstTry: string;
  secondTry: string;
  otherTry: string;
  limitSeconds: string;
  withinPoints: string;
  overPoints: string;
  quick: QuickDraft[];
  combine: '' | 'sum' | 'max';
  cap: string;
  skipAward: string;
}

/** Why a scoring draft cannot be saved (keys of `stepEditor.errors`). */
export type ScoringErrorKey = 'scoringNumber' | 'scoringDuration' | 'scoringQuick' | 'scoringRange';

/** Outcome of reading a scoring draft: the configuration (null when empty) or an error key. */
export type ScoringDraftResult =
  { ok: true; value: ScoringConfig | null } | { ok: false; error: ScoringErrorKey };

/** A draft with nothing filled in: no configuration. */
export const EMPTY_SCORING: ScoringDraft = {
  firstTry: '',
  secondTry: '',
  otherTry: '',
  limitSeconds: '',
  withinPoints: '',
  overPoints: '',
  quick: [],
  combine: '',
  cap: '',
  skipAward: '',
};

const text = (value: number | null | undefined): string =>
  value === undefined || value === null ? '' : String(value);

const secondsText = (ms: number | undefined): string => (ms === undefined ? '' : String(ms / 1000));

/** The form's values for a stored configuration (milliseconds shown as seconds). */
export function scoringDraftFrom(config: ScoringConfig | null): ScoringDraft {
  if (!config) return EMPTY_SCORING;
  return {
    firstTry: text(config.attempt_award?.first_try),
    secondTry: text(config.attempt_award?.second_try),
    otherTry: text(config.attempt_award?.other_try),
    limitSeconds: secondsText(config.duration_award?.limit_ms),
    withinPoints: text(config.duration_award?.within_points),
    overPoints: text(config.duration_award?.over_points),
    quick: (config.quick_award ?? []).map((q) => ({
      seconds: secondsText(q.lte_ms),
      points: String(q.points),
    })),
    combine: config.combine ?? '',
    cap: text(config.cap),
    skipAward: text(config.skip_award),
  };
}

/** Whether nothing at all is filled in. */
export function isScoringEmpty(draft: ScoringDraft): boolean {
  const { quick, ...fields } = draft;
  return quick.length === 0 && Object.values(fields).every((value) => value.trim() === '');
}

class DraftError extends Error {
  constructor(readonly key: ScoringErrorKey) {
    super(key);
  }
}

/** A decimal typed in a field (a comma counts as the decimal point); undefined when blank. */
function optionalNumber(value: string, minimum = -Infinity): number | undefined {
  const trimmed = value.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  if (!Number.isFinite(n) || n < minimum) throw new DraftError('scoringNumber');
  return n;
}

const toMs = (seconds: number): number => Math.round(seconds * 1000);

function build(draft: ScoringDraft): ScoringConfig | null {
  if (isScoringEmpty(draft)) return null;
  const config: ScoringConfig = {};
  const attempt: NonNullable<ScoringConfig['attempt_award']> = {};
  const tries = [
    ['first_try', draft.firstTry],
    ['second_try', draft.secondTry],
    ['other_try', draft.otherTry],
  ] as const;
  for (const [key, value] of tries) {
    const n = optionalNumber(value);
    if (n !== undefined) attempt[key] = n;
  }
  if (Object.keys(attempt).length > 0) config.attempt_award = attempt;

  const limit = optionalNumber(draft.limitSeconds, 0);
  const within = optionalNumber(draft.withinPoints);
  const over = optionalNumber(draft.overPoints);
  const durationParts = [limit, within, over].filter((n) => n !== undefined).length;
  if (durationParts === 3 && limit !== undefined && within !== undefined && over !== undefined) {
    config.duration_award = { limit_ms: toMs(limit), within_points: within, over_points: over };
  } else if (durationParts > 0) {
    throw new DraftError('scoringDuration');
  }

  if (draft.quick.length > 0) {
    config.quick_award = draft.quick.map((row) => {
      const seconds = optionalNumber(row.seconds, 0);
      const points = optionalNumber(row.points);
      if (seconds === undefined || points === undefined) throw new DraftError('scoringQuick');
      return { lte_ms: toMs(seconds), points };
    });
  }
  if (draft.combine !== '') config.combine = draft.combine;
  const cap = optionalNumber(draft.cap);
  if (cap !== undefined) config.cap = cap;
  const skip = optionalNumber(draft.skipAward);
  if (skip !== undefined) config.skip_award = skip;
  return config;
}

/**
 * The configuration to send: seconds become milliseconds, an empty draft becomes null. It must
 * pass the same check as an import (whole points within range, times up to a day).
 */
export function scoringFromDraft(draft: ScoringDraft): ScoringDraftResult {
  try {
    const value = build(draft);
    if (!parseScoringConfig(value).ok) throw new DraftError('scoringRange');
    return { ok: true, value };
  } catch (error) {
    if (error instanceof DraftError) return { ok: false, error: error.key };
    throw error;
  }
}
