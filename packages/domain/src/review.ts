import { configuredPoints, type RouteType, type ScoringConfig } from './scoring';

/**
 * Staff review of a step's photo or text answer (issue 34, decision 0083): the try is accepted at
 * once with provisional points and a review item waits in the queue for a judge's decision,
 * written to the score ledger as a `review` event.
 */

/** A review item's state: waiting, or the decision taken on it. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'scored'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** What a judge decides: keep the points, take them and reopen the step, or give 0…max points. */
export const REVIEW_DECISIONS = ['approve', 'reject', 'points'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** What a review item holds: a photo, or a text answer to an open question. */
export const REVIEW_KINDS = ['photo', 'text'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** How long a judge's claim on an item lasts without a request from that judge. */
export const REVIEW_CLAIM_MS = 2 * 60_000;

/** The status a decision leaves its item in. */
export function reviewStatusOf(decision: ReviewDecision): Exclude<ReviewStatus, 'pending'> {
  switch (decision) {
    case 'approve':
      return 'approved';
    case 'reject':
      return 'rejected';
    case 'points':
      return 'scored';
  }
}

/** The largest value among `values` and 0 (an award that is absent gives nothing). */
const largest = (values: readonly (number | undefined)[]) =>
  Math.max(0, ...values.map((v) => v ?? 0));

/**
 * The most points a step can give on a right answer: what a judge may award (`points`). The
 * spec's built-in rule gives at most 10 (5, +4 within a minute, +1 near the place); a scoring
 * configuration gives the largest of each award, combined and capped as it says; exploration
 * routes score nothing.
 */
export function maxStepPoints(
  routeType: RouteType,
  scoring: ScoringConfig | null | undefined,
): number {
  if (routeType === 'exploration') return 0;
  if (!scoring) return 10;
  const best: ScoringConfig = {
    combine: scoring.combine,
    cap: scoring.cap,
    ...(scoring.attempt_award && {
      attempt_award: {
        first_try: largest([
          scoring.attempt_award.first_try,
          scoring.attempt_award.second_try,
          scoring.attempt_award.other_try,
        ]),
      },
    }),
    ...(scoring.duration_award && {
      duration_award: {
        limit_ms: 0,
        within_points: largest([
          scoring.duration_award.within_points,
          scoring.duration_award.over_points,
        ]),
        over_points: 0,
      },
    }),
    ...(scoring.quick_award && {
      quick_award: [{ lte_ms: 0, points: largest(scoring.quick_award.map((q) => q.points)) }],
    }),
  };
  return Math.max(0, configuredPoints(best, { attempt: 1, elapsedMs: 0 }));
}

/**
 * The points a decision writes to the ledger, given the provisional award the try gave: approve
 * keeps it (0), reject takes it back, `points` sets the step's award to `points`.
 */
export function reviewLedgerPoints(opts: {
  decision: ReviewDecision;
  provisional: number;
  points?: number;
}): number {
  switch (opts.decision) {
    case 'approve':
      return 0;
    case 'reject':
      return -opts.provisional;
    case 'points':
      return (opts.points ?? 0) - opts.provisional;
  }
}
