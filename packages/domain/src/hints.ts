import { retryAfterS } from './limits';
import type { RouteType } from './scoring';

/** The largest hint budget a route may set, in points (decision 0085). */
export const HINT_BUDGET_MAX = 100_000;

/**
 * What is left of a route's hint budget (`budget`, null: no cap) after the points the game's
 * hints already cost (`spent`); null when there is no cap.
 */
export function hintBudgetLeft(budget: number | null, spent: number): number | null {
  return budget === null ? null : Math.max(0, budget - spent);
}

// Taking a step's hints (issue 36, decision 0085): the hints after the spec's single `hint`, each
// with a cost in points and an unlock delay counted from the moment the team reached the step.

/**
 * When a hint unlocks, in epoch milliseconds: `unlockAfterS` seconds after the team reached its
 * step (`reachedMs`, the step's clock), or null while the team has not reached it.
 */
export function hintUnlockAtMs(opts: {
  reachedMs: number | null;
  unlockAfterS: number;
}): number | null {
  return opts.reachedMs === null ? null : opts.reachedMs + opts.unlockAfterS * 1000;
}

/** Why a team may not take a hint now; each is an error code of the API. */
export type HintRefusal =
  /** The game is completed, or its time limit ran out. */
  | { code: 'game_over' }
  /** On a progressive route, hints are taken on the step the game is on (its number from 1). */
  | { code: 'step_not_current'; step_number: number }
  /** The step is solved or skipped. */
  | { code: 'step_done' }
  /** The team has not reached the step: its clock never started. */
  | { code: 'hint_not_reached' }
  /** The hint unlocks later: in `retry_after_s` seconds (at least 1). */
  | { code: 'hint_locked'; retry_after_s: number }
  /** The hint costs more than what is left of the route's hint budget (`left` points). */
  | { code: 'hint_budget_spent'; left: number };

/**
 * Whether the team may take a hint of step `stepIndex` at `nowMs`, and if not why, in this order:
 * the game is over; on a progressive route the step is not the one the game is on (`currentIndex`,
 * the step a try would be for); the step is done; the team never reached it; the hint is still
 * locked; it costs more than is left of the route's budget (`budgetLeft`, null: no cap). Null:
 * it may.
 */
export function hintTakeRefusal(opts: {
  isGameOver: boolean;
  routeType: RouteType;
  stepIndex: number;
  currentIndex: number;
  stepStatus: 'pending' | 'ok' | 'skipped';
  reachedMs: number | null;
  unlockAfterS: number;
  nowMs: number;
  cost: number;
  budgetLeft: number | null;
}): HintRefusal | null {
  if (opts.isGameOver) return { code: 'game_over' };
  if (opts.routeType === 'progressive' && opts.stepIndex !== opts.currentIndex) {
    return { code: 'step_not_current', step_number: opts.currentIndex + 1 };
  }
  if (opts.stepStatus !== 'pending') return { code: 'step_done' };
  const unlockAtMs = hintUnlockAtMs(opts);
  if (unlockAtMs === null) return { code: 'hint_not_reached' };
  if (opts.nowMs < unlockAtMs) {
    return { code: 'hint_locked', retry_after_s: retryAfterS(unlockAtMs - opts.nowMs) };
  }
  if (opts.budgetLeft !== null && opts.cost > opts.budgetLeft) {
    return { code: 'hint_budget_spent', left: opts.budgetLeft };
  }
  return null;
}

/** The ledger points of a hint taken: its cost taken away, nothing when staff give it free. */
export function hintPoints(opts: { cost: number; isGivenByStaff: boolean }): number {
  return opts.isGivenByStaff || opts.cost === 0 ? 0 : -opts.cost;
}
