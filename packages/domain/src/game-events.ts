/**
 * A game's events (issue 31, ARCHITECTURE §6a): one append-only log per game, read by the live
 * console's activity feed, whose scoring kinds are the game's **score ledger**. A game's
 * `total_score` is the sum of its events' points, kept in the same statement or transaction as
 * the event; an event is never changed or deleted (a correction is an `undo` event that names
 * the one it compensates), only erased with its game.
 */
export const GAME_EVENT_KINDS = [
  // The ledger: kinds that may carry points.
  /** A right answer's award (the spec's scoring), or the end of an exploration route (0). */
  'try',
  /** A step skipped by the team: the step's skip award (default 0). */
  'skip',
  /** Points given or taken by staff, with a reason. */
  'adjustment',
  /** A staff action on a stuck team (`HELP_ACTIONS`), with a reason; a skip from staff is 0. */
  'help',
  /** Compensates the event it names (`undoes_id`): its points negated. */
  'undo',
  /**
   * A judge's decision on a reviewed answer (decision 0083): approve (0), reject (the provisional
   * award taken back, the step reopened) or points (the award set anew), with a reason.
   */
  'review',
  /**
   * A hint of a step taken (decision 0085): its cost taken away (0 or less), by the team; 0 when
   * staff gave it free (a help action, naming the staff member).
   */
  'hint',
  // The activity around it: never points.
  /** A wrong try: the reason it was refused. */
  'wrong_try',
  /** A step's photo uploaded. */
  'photo',
  /** The game started. */
  'start',
  /** The game paused (Stop, the page left). */
  'pause',
  /** A paused game played again. */
  'resume',
  /** The game ended: its last step, its time limit, or 'Fine' on an exploration route. */
  'finish',
] as const;
export type GameEventKind = (typeof GAME_EVENT_KINDS)[number];

/** The kinds of the score ledger: the only events that may carry points. */
export const LEDGER_KINDS = [
  'try',
  'skip',
  'adjustment',
  'help',
  'undo',
  'review',
  'hint',
] as const satisfies readonly GameEventKind[];
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Whether events of `kind` belong to the score ledger. */
export function isLedgerKind(kind: GameEventKind): kind is LedgerKind {
  return (LEDGER_KINDS as readonly GameEventKind[]).includes(kind);
}

/** The kinds staff may undo: their own entries (a try's award is the spec's, not undone). */
export const UNDOABLE_KINDS = ['adjustment'] as const satisfies readonly LedgerKind[];

/** What staff may do for a stuck team (issue 31, item 4): each a `help` event with a reason. */
export const HELP_ACTIONS = [
  /** The current step skipped with 0 points. */
  'skip_step',
  /** A skipped step pending again: the team comes back to it. */
  'reopen_step',
  /** The team moved to a given step. */
  'move_to_step',
  /** The game's time limit extended by some minutes. */
  'extend_time',
  /** The game ended now. */
  'end_game',
  /** A hint of a step given free (decision 0085): a `hint` event of 0 points, not a `help` one. */
  'give_hint',
] as const;
export type HelpAction = (typeof HELP_ACTIONS)[number];

/** The largest number of points staff may give or take in one adjustment. */
export const SCORE_ADJUSTMENT_MAX = 1000;

/** The most minutes one 'extend time' adds. */
export const TIME_EXTENSION_MAX_MINUTES = 600;

/** A team playing that has sent no request for this long is **stale** on the console. */
export const STALE_AFTER_MS = 2 * 60_000;

/** A route's default for **stuck**: no step solved for this many minutes while playing. */
export const STUCK_AFTER_MINUTES_DEFAULT = 15;

/** The most minutes a route may set for stuck. */
export const STUCK_AFTER_MINUTES_MAX = 24 * 60;
