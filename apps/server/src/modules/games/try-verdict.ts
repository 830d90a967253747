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

/** Judges a try: the answer, then the distance (geolocation on), then the orientation. */
export function judgeTry({ step, gameStep, geolocationEnabled, request }: TryToJudge): TryVerdict {
  const answerOk =
    step.check_type === 'photo'
      ? gameStep.photo_url !== null
      : checkAnswer({
          checkType: step.check_type,
          expected: step.check_answer,
          given: request.answer ?? '',
          multiple: step.multiple,
        });
  if (!answerOk) return { reason: { code: 'wrong_answer' }, distance: null, headingOk: null };
  let distance: number | null = null;
  if (geolocationEnabled) {
    if (!request.position) throw new AppError('position_missing');
    distance = distanceM(request.position, step);
    if (distance > step.radius_m)
      return {
        reason: { code: 'too_far', distance_m: distance, radius_m: step.radius_m },
        distance,
        headingOk: null,
      };
  }
  let headingOk: boolean | null = null;
  if (step.orientation_deg !== null) {
    headingOk =
      request.heading_deg !== null &&
      isHeadingAccepted({ targetDeg: step.orientation_deg, headingDeg: request.heading_deg });
    if (!headingOk) return { reason: { code: 'wrong_orientation' }, distance, headingOk };
  }
  return { reason: null, distance, headingOk };
}
