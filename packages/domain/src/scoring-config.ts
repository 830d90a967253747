import type { RouteJsonIssue } from './route-json-types';
import type { ScoringConfig } from './scoring';

/** Outcome of validating a scoring configuration. */
export type ScoringConfigResult =
  { ok: true; value: ScoringConfig | null } | { ok: false; error: RouteJsonIssue };

type Obj = Record<string, unknown>;

/** Points of any award, skip and cap: whole numbers within ±this. */
export const SCORING_POINTS_LIMIT = 1000;
/** Time thresholds (duration limit, quick awards): whole milliseconds up to 24 hours. */
export const SCORING_TIME_LIMIT_MS = 24 * 60 * 60 * 1000;

/** The whole-number range each kind of scoring value may take. */
const RANGES = {
  points: { min: -SCORING_POINTS_LIMIT, max: SCORING_POINTS_LIMIT },
  ms: { min: 0, max: SCORING_TIME_LIMIT_MS },
} as const;
type Range = keyof typeof RANGES;

const isObject = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

class ScoringError extends Error {
  constructor(readonly issue: RouteJsonIssue) {
    super(issue.issue);
  }
}

const fail = (issue: RouteJsonIssue): never => {
  throw new ScoringError(issue);
};

/** A value of `obj`: a number, a whole one within its range (sane points, no overflow). */
function num(
  obj: Obj,
  key: string,
  opts: { path: string; range: Range; required: boolean },
): number | undefined {
  const value = obj[key];
  if (value === undefined && !opts.required) return undefined;
  const path = opts.path === '' ? key : `${opts.path}.${key}`;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return fail({ issue: 'scoring_number', path });
  }
  const { min, max } = RANGES[opts.range];
  if (!Number.isInteger(value) || value < min || value > max) {
    return fail({ issue: 'scoring_range', path, min, max });
  }
  return value;
}

const req = (obj: Obj, key: string, path: string, range: Range): number =>
  num(obj, key, { path, range, required: true }) ?? 0;

function object(value: unknown, path: string): Obj {
  return isObject(value) ? value : fail({ issue: 'scoring_object', path });
}

function build(raw: Obj): ScoringConfig {
  const config: ScoringConfig = {};
  if (raw.attempt_award !== undefined) {
    const a = object(raw.attempt_award, 'attempt_award');
    const award: NonNullable<ScoringConfig['attempt_award']> = {};
    for (const key of ['first_try', 'second_try', 'other_try'] as const) {
      const value = num(a, key, { path: 'attempt_award', range: 'points', required: false });
      if (value !== undefined) award[key] = value;
    }
    config.attempt_award = award;
  }
  if (raw.duration_award !== undefined) {
    const d = object(raw.duration_award, 'duration_award');
    config.duration_award = {
      limit_ms: req(d, 'limit_ms', 'duration_award', 'ms'),
      within_points: req(d, 'within_points', 'duration_award', 'points'),
      over_points: req(d, 'over_points', 'duration_award', 'points'),
    };
  }
  if (raw.quick_award !== undefined) {
    const list = Array.isArray(raw.quick_award)
      ? raw.quick_award
      : fail({ issue: 'scoring_quick_award_array' });
    config.quick_award = list.map((item: unknown, i) => {
      const path = `quick_award[${i}]`;
      const q = object(item, path);
      return { lte_ms: req(q, 'lte_ms', path, 'ms'), points: req(q, 'points', path, 'points') };
    });
  }
  if (raw.combine !== undefined) {
    config.combine =
      raw.combine === 'sum' || raw.combine === 'max'
        ? raw.combine
        : fail({ issue: 'scoring_combine' });
  }
  if (raw.cap === null) config.cap = null;
  else if (raw.cap !== undefined) config.cap = req(raw, 'cap', '', 'points');
  const skip = num(raw, 'skip_award', { path: '', range: 'points', required: false });
  if (skip !== undefined) config.skip_award = skip;
  return config;
}

/** Validates an unknown value as a scoring configuration; null or undefined means "no configuration". */
export function parseScoringConfig(value: unknown): ScoringConfigResult {
  if (value === null || value === undefined) return { ok: true, value: null };
  try {
    if (!isObject(value)) return { ok: false, error: { issue: 'scoring_not_object' } };
    return { ok: true, value: build(value) };
  } catch (error) {
    if (error instanceof ScoringError) return { ok: false, error: error.issue };
    throw error;
  }
}
