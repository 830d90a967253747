import type { SubmitAnswerRequest, TryReason } from '@tappa/contracts';
import {
  checkAnswer,
  type CheckType,
  distanceM,
  isHeadingAccepted,
  type RouteType,
  type StepReviewMode,
} from '@tappa/domain';
import { AppError } from '../../../errors';

/** What judging a try reads of the step, its state in the game and the route. */
export interface TryToJudge {
  step: {
    check_type: CheckType;
    check_answer: string | null;
    multiple: boolean;
    lat: number;
    lng: number;
    radius_m: number;
    orientation_deg: number | null;
    review: StepReviewMode;
    also_accept: readonly string[];
    relaxed_match: boolean | null;
  };
  gameStep: { photo_url: string | null };
  geolocationEnabled: boolean;
  request: SubmitAnswerRequest;
}

/** The verdict on one try, before anything is stored: `reason` null when correct. */
export interface TryVerdict {
  reason: TryReason | null;
  distance: number | null;
  headingOk: boolean | null;
}

/** The first pending step from `from` on, else the first pending one, else past the end. */
export function nextPendingIndex(states: readonly { status: string }[], from: number): number {
  const after = states.findIndex((s, i) => i >= from && s.status === 'pending');
  if (after !== -1) return after;
  const any = states.findIndex((s) => s.status === 'pending');
  return any === -1 ? states.length : any;
}

/**
 * Refuses a try or a skip of the pending step `index` that is not the step the game is on
 * (decision 0059): on a progressive route that is the current step, the stored index while its
 * step is pending, else the pending step the game goes on to, the same rule as after a right
 * answer (`nextPendingIndex`). A step left pending behind it (a game that jumped ahead before
 * this rule) is reopened that way: the game comes back to it after its last step. Exploration
 * routes move freely: any pending step may be tried.
 */
export function checkStepIsCurrent(opts: {
  routeType: RouteType;
  states: readonly { status: string }[];
  currentStepIndex: number;
  index: number;
}): void {
  if (opts.routeType === 'exploration') return;
  const current = nextPendingIndex(opts.states, opts.currentStepIndex);
  if (opts.index !== current) throw new AppError('step_not_current', { step_number: current + 1 });
}

/**
 * Judges a try: the place first (geolocation on), then the direction faced, then the answer. The
 * place and the direction come first so that a reason never tells a right answer from a wrong
 * one: from too far away every answer is "too far" (decision 0019). A text step under staff
 * review is an open question: any answer that is not blank is accepted, for a judge to decide
 * (decision 0083).
 */
export function judgeTry({ step, gameStep, geolocationEnabled, request }: TryToJudge): TryVerdict {
  let distance: number | null = null;
  if (geolocationEnabled) {
    if (!request.position) throw new AppError('position_missing');
    distance = distanceM(request.position, step);
    if (distance > step.radius_m) {
      const reason = { code: 'too_far', distance_m: distance, radius_m: step.radius_m } as const;
      return { reason, distance, headingOk: null };
    }
  }
  let headingOk: boolean | null = null;
  if (step.orientation_deg !== null) {
    headingOk =
      request.heading_deg !== null &&
      isHeadingAccepted({ targetDeg: step.orientation_deg, headingDeg: request.heading_deg });
    if (!headingOk) return { reason: { code: 'wrong_orientation' }, distance, headingOk };
  }
  const answerOk =
    step.check_type === 'photo'
      ? gameStep.photo_url !== null
      : step.check_type === 'text' && step.review === 'staff'
        ? typeof request.answer === 'string' && request.answer.trim() !== ''
        : checkAnswer({
            checkType: step.check_type,
            expected: step.check_answer,
            given: request.answer ?? '',
            multiple: step.multiple,
            alsoAccept: step.also_accept,
            relaxed: step.relaxed_match,
          });
  if (!answerOk) return { reason: { code: 'wrong_answer' }, distance, headingOk };
  return { reason: null, distance, headingOk };
}
