import type { SubmitAnswerRequest, TryReason } from '@tappa/contracts';
import { checkAnswer, type CheckType, distanceM, isHeadingAccepted } from '@tappa/domain';
import { AppError } from '../../errors';

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

/**
 * Judges a try: the place first (geolocation on), then the direction faced, then the answer. The
 * place and the direction come first so that a reason never tells a right answer from a wrong
 * one: from too far away every answer is "too far" (decision 0019).
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
      : checkAnswer({
          checkType: step.check_type,
          expected: step.check_answer,
          given: request.answer ?? '',
          multiple: step.multiple,
        });
  if (!answerOk) return { reason: { code: 'wrong_answer' }, distance, headingOk };
  return { reason: null, distance, headingOk };
}
