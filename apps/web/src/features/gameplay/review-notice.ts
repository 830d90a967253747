import {
  REVIEW_DECISIONS,
  REVIEW_KINDS,
  type ReviewDecision,
  type ReviewKind,
} from '@tappa/domain';
import type { StaffEvent } from './use-staff-notice';

/** A judge's decision on one of the team's answers (decision 0083), as its phone tells it. */
export interface ReviewNotice {
  decision: ReviewDecision;
  itemKind: ReviewKind;
  /** The step's index in the route (0-based). */
  stepIndex: number;
  /** Whether a rejection reopened the step for a retake (the game was not over). */
  reopened: boolean;
  /** The points the judge gave (a `points` decision). */
  decidedPoints: number;
}

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  values.some((one) => one === value);

/** The decision a `review` staff event carries in its details; null for any other event. */
export function reviewOf(event: StaffEvent): ReviewNotice | null {
  const details = event.details;
  if (event.kind !== 'review' || !details) return null;
  const { decision, item_kind, step_index, reopened, decided_points } = details;
  if (!isOneOf(REVIEW_DECISIONS, decision) || !isOneOf(REVIEW_KINDS, item_kind)) return null;
  return {
    decision,
    itemKind: item_kind,
    stepIndex: typeof step_index === 'number' ? step_index : 0,
    reopened: reopened === true,
    decidedPoints: typeof decided_points === 'number' ? decided_points : 0,
  };
}
