import type { CheckType } from './answer-check';
import type { OrientationName } from './orientation';
import type { ScoringConfig } from './scoring';

/**
 * Who decides a step's photo or text answer (issue 34, decision 0083): `auto`, the spec's rule
 * (accepted as checked), or `staff`, accepted at once with provisional points and reviewed.
 */
export const STEP_REVIEW_MODES = ['auto', 'staff'] as const;
export type StepReviewMode = (typeof STEP_REVIEW_MODES)[number];

/** The check types whose answers staff may review. */
export const REVIEWABLE_CHECK_TYPES: readonly CheckType[] = ['photo', 'text'];

/** The kinds of media a step may show. */
export const MEDIA_TYPES = ['image', 'audio', 'video'] as const;

/** One of the kinds of media a step may show. */
export type MediaType = (typeof MEDIA_TYPES)[number];

/** A media item of a step; with `code` (a media-library unique_code) the url may be empty. */
export interface MediaItem {
  type: MediaType;
  url: string;
  caption?: string;
  alt?: string;
  mime_type?: string;
  code?: string;
}

/** The most points a hint may cost (decision 0085). */
export const HINT_COST_MAX = 1000;
/** The longest wait before a hint unlocks, in seconds from reaching its step: a day. */
export const HINT_UNLOCK_MAX_S = 86_400;

/**
 * One of a step's hints after the spec's single `hint` (decision 0085): its text, what taking it
 * costs, and how long after reaching the step it unlocks.
 */
export interface StepHint {
  text: string;
  cost: number;
  unlock_after_s: number;
}

/** A step as written in the route JSON exchange format (export shape). */
export interface RouteJsonStep {
  ord: number;
  place: string;
  /** The street address, written only when the step has one (decision 0065). */
  address?: string;
  lat: number;
  lng: number;
  radius_m: number;
  task: string;
  hint: string | null;
  check_type: CheckType;
  check_answer: string | null;
  orientation: OrientationName | null;
  media: MediaItem[];
  choices?: string[] | null;
  multiple?: boolean;
  scoring?: ScoringConfig;
  /** Written only for staff review: a route without it exports as it did before (0083). */
  review?: 'staff';
  /** Hints after `hint`, written only when there are some (decision 0085). */
  hints?: StepHint[];
  /** Other accepted answers, written only when there are some (decision 0085). */
  also_accept?: string[];
  /** The tolerant comparison on (true) or off (false); absent: the spec's rule (0085). */
  relaxed_match?: boolean;
}

/** A route as written in the route JSON exchange format (export shape). */
export interface RouteJson {
  id: string;
  title: string;
  description: string | null;
  key_elements: string | null;
  is_flash: boolean;
  date_start: string | null;
  date_end: string | null;
  /** Written only when on, so a route that does not share exports as before (decision 0086). */
  location_sharing?: true;
  /** Why the route asks for positions; written only with `location_sharing`. */
  location_purpose?: string | null;
  steps: RouteJsonStep[];
}

/** A step after import: validated, with numbers parsed and orientation in degrees. */
export interface ImportedStep {
  ord: number;
  place: string;
  /** The street address shown to teams under the place; null without one. */
  address: string | null;
  lat: number;
  lng: number;
  radius_m: number;
  task: string;
  hint: string | null;
  check_type: CheckType;
  check_answer: string | null;
  orientation_deg: number | null;
  media: MediaItem[];
  choices: string[] | null;
  multiple: boolean;
  scoring: ScoringConfig | null;
  review: StepReviewMode;
  /** Hints after `hint`, in order, each with its cost and unlock delay (0085). */
  hints: StepHint[];
  /** Other answers accepted on a text, code or QR step, besides `check_answer` (0085). */
  also_accept: string[];
  /** Case, accents and spaces folded (true), exact (false), or the spec's rule (null; 0085). */
  relaxed_match: boolean | null;
}

/** A route after import, with its id normalised to a slug. */
export interface ImportedRoute {
  slug: string;
  title: string;
  description: string | null;
  key_elements: string | null;
  is_flash: boolean;
  date_start: string | null;
  date_end: string | null;
  /** Teams are asked to share their position with the organisers (decision 0086). */
  location_sharing: boolean;
  /** Why; null without one. */
  location_purpose: string | null;
  steps: ImportedStep[];
}

/**
 * Why a route JSON document (or one step of it) was refused: a stable code and where. The spec's
 * Italian words for each live in the web's catalogue (`errors.route_json.*`), not here.
 */
export const ROUTE_JSON_ISSUES = [
  /** Not JSON at all; `detail` is the parser's own message. */
  'json_syntax',
  'id_missing',
  'title_missing',
  'steps_missing',
  /** More steps than `max` (`ROUTE_STEPS_MAX`). */
  'too_many_steps',
  /** `path` (`date_start` or `date_end`) is not a date from year 1 to 9999. */
  'date_invalid',
  /** Step `step` is not an object. */
  'step_not_object',
  'coordinates_invalid',
  'radius_invalid',
  'check_type_invalid',
  'choices_required',
  'choices_not_json',
  'choices_empty',
  'media_invalid',
  'scoring_not_object',
  /** `path` (e.g. `attempt_award.first_try`) is not a number. */
  'scoring_number',
  /** `path` is not a whole number from `min` to `max`. */
  'scoring_range',
  /** `path` is not an object. */
  'scoring_object',
  'scoring_quick_award_array',
  'scoring_combine',
  /** The route's text at `path` is longer than `max` characters. */
  'text_too_long',
  /** The step's text at `path` (e.g. `task`, `media[0].caption`) is longer than `max`. */
  'step_text_too_long',
  /** A step has more than `max` choices. */
  'choices_too_many',
  /** `review` is neither `auto` nor `staff`, or `staff` on a step that is no photo or text step. */
  'review_invalid',
  /**
   * `also_accept` is no list of answers, holds more than `max`, or is on a step that is no
   * text, code or QR step.
   */
  'also_accept_invalid',
  /** `relaxed_match` is neither true nor false. */
  'relaxed_match_invalid',
  /**
   * `hints` is no list of at most `max` hints, or the one at `path` has no text, or a cost or
   * delay that is no whole number in its range.
   */
  'hints_invalid',
] as const;
export type RouteJsonIssueCode = (typeof ROUTE_JSON_ISSUES)[number];

/** A refusal of a route JSON document: the issue, and the step (number, place) it is in. */
export interface RouteJsonIssue {
  issue: RouteJsonIssueCode;
  step?: number;
  place?: string;
  path?: string;
  detail?: string;
  min?: number;
  max?: number;
}

/** Outcome of importing a route JSON document. */
export type RouteJsonResult =
  { ok: true; route: ImportedRoute } | { ok: false; error: RouteJsonIssue };
