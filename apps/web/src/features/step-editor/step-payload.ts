import {
  ALSO_ACCEPT_MAX,
  HINT_COST_MAX,
  HINT_UNLOCK_MAX_S,
  type MediaItem,
  REVIEWABLE_CHECK_TYPES,
  type StepHint,
  type StepReviewMode,
  VARIANT_CHECK_TYPES,
} from '@tappa/domain';
import type { StepPayload } from '../../api/steps';
import { scoringFromDraft } from './scoring-draft';
import type { ScoringErrorKey } from './scoring-draft';
import { parseDecimal } from './step-draft';
import type { MediaDraft, StepDraft } from './step-draft';

/** Form fields that can carry an error. */
export type StepField =
  | 'place'
  | 'lat'
  | 'lng'
  | 'radius'
  | 'task'
  | 'answer'
  | 'alsoAccept'
  | 'hints'
  | 'choices'
  | 'media'
  | 'scoring';

/** Error messages of a step (keys of `stepEditor.errors`). */
export type StepErrorKey =
  | 'required'
  | 'lat'
  | 'lng'
  | 'radius'
  | 'answer'
  | 'choiceAnswer'
  | 'alsoAccept'
  | 'hints'
  | 'choices'
  | 'media'
  | ScoringErrorKey;

/** The errors of one step's fields; empty when the step can be saved. */
export type StepErrors = Partial<Record<StepField, StepErrorKey>>;

const inRange = (value: number | null, limit: number): boolean =>
  value !== null && Math.abs(value) <= limit;

/** Checks a step as the server would, so the editor can point at the field before sending. */
export function validateDraft(draft: StepDraft): StepErrors {
  const errors: StepErrors = {};
  if (draft.place.trim() === '') errors.place = 'required';
  if (!inRange(parseDecimal(draft.lat), 90)) errors.lat = 'lat';
  if (!inRange(parseDecimal(draft.lng), 180)) errors.lng = 'lng';
  const radius = parseDecimal(draft.radius);
  if (radius === null || radius <= 0) errors.radius = 'radius';
  if (draft.task.trim() === '') errors.task = 'required';
  if (draft.checkType === 'choice') {
    if (draft.choices.length === 0 || draft.choices.some((c) => c.trim() === '')) {
      errors.choices = 'choices';
    } else if (draft.correct.length === 0) {
      errors.answer = 'choiceAnswer';
    }
  } else if (
    draft.checkType !== 'photo' &&
    reviewOf(draft) === 'auto' &&
    draft.answer.trim() === ''
  ) {
    // An open question (a text step staff review) needs no answer to check.
    errors.answer = 'answer';
  }
  if (alsoAcceptOf(draft).length > ALSO_ACCEPT_MAX) errors.alsoAccept = 'alsoAccept';
  if (hintsOf(draft) === null) errors.hints = 'hints';
  if (draft.media.some((item) => item.url.trim() === '' && !item.code)) errors.media = 'media';
  const scoring = scoringFromDraft(draft.scoring);
  if (!scoring.ok) errors.scoring = scoring.error;
  return errors;
}

/** Whether a step has no error. */
export function isValid(errors: StepErrors): boolean {
  return Object.keys(errors).length === 0;
}

function mediaItem(item: MediaDraft): MediaItem {
  const result: MediaItem = { type: item.type, url: item.url.trim() };
  for (const key of ['caption', 'alt', 'mime_type'] as const) {
    const value = item[key].trim();
    if (value !== '') result[key] = value;
  }
  if (item.code !== undefined) result.code = item.code;
  return result;
}

/** The stored answer: text as typed, a choice's text, or a JSON array of texts for multiple. */
function checkAnswer(draft: StepDraft): string | null {
  if (draft.checkType === 'photo') return null;
  if (draft.checkType !== 'choice') return draft.answer.trim() || null;
  const picked = draft.correct.flatMap((i) => {
    const choice = draft.choices[i];
    return choice === undefined ? [] : [choice.trim()];
  });
  if (draft.multiple) return picked.length > 0 ? JSON.stringify(picked) : null;
  return picked[0] ?? null;
}

/** One valid draft as sent to the server, numbered `ord`. */
export function stepPayload(draft: StepDraft, ord: number): StepPayload {
  const isChoice = draft.checkType === 'choice';
  const scoring = scoringFromDraft(draft.scoring);
  return {
    ...(draft.id === undefined ? {} : { id: draft.id }),
    ord,
    place: draft.place.trim(),
    address: draft.address.trim() === '' ? null : draft.address.trim(),
    lat: parseDecimal(draft.lat) ?? 0,
    lng: parseDecimal(draft.lng) ?? 0,
    radius_m: parseDecimal(draft.radius) ?? 0,
    task: draft.task,
    hint: draft.hint.trim() === '' ? null : draft.hint,
    check_type: draft.checkType,
    check_answer: checkAnswer(draft),
    orientation: draft.orientation === '' ? null : draft.orientation,
    media: draft.media.map(mediaItem),
    choices: isChoice ? draft.choices.map((choice) => choice.trim()) : null,
    multiple: isChoice && draft.multiple,
    scoring: scoring.ok ? scoring.value : null,
    review: reviewOf(draft),
    ...(draft.hints.length > 0 ? { hints: hintsOf(draft) ?? [] } : {}),
    ...(alsoAcceptOf(draft).length > 0 ? { also_accept: alsoAcceptOf(draft) } : {}),
    ...(draft.relaxedMatch === null ? {} : { relaxed_match: draft.relaxedMatch }),
  };
}

/** A count typed in a field: a whole number from 0 to `max`, else null. */
function countOf(value: string, max: number): number | null {
  const n = Number(value.trim());
  return value.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= max ? n : null;
}

/** The draft's hints after its own as sent, or null when one has no text or a count is wrong. */
export function hintsOf(draft: StepDraft): StepHint[] | null {
  const hints: StepHint[] = [];
  for (const hint of draft.hints) {
    const cost = countOf(hint.cost, HINT_COST_MAX);
    const unlockAfterS = countOf(hint.unlockAfterS, HINT_UNLOCK_MAX_S);
    if (hint.text.trim() === '' || cost === null || unlockAfterS === null) return null;
    hints.push({ text: hint.text, cost, unlock_after_s: unlockAfterS });
  }
  return hints;
}

/** Whether the draft's step takes typed answers that the switch and the variants apply to. */
export const hasTypedAnswer = (draft: StepDraft): boolean =>
  draft.checkType !== 'photo' && reviewOf(draft) === 'auto';

/** The draft's other accepted answers (its lines, trimmed, blanks left out) where they apply. */
export function alsoAcceptOf(draft: StepDraft): string[] {
  if (!VARIANT_CHECK_TYPES.includes(draft.checkType) || !hasTypedAnswer(draft)) return [];
  return draft.alsoAccept
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The draft's review mode where its check type allows one; the spec's rule elsewhere. */
export function reviewOf(draft: StepDraft): StepReviewMode {
  return REVIEWABLE_CHECK_TYPES.includes(draft.checkType) ? draft.review : 'auto';
}

/** Outcome of preparing the save: every step renumbered 1..n, or the first step with errors. */
export type StepsPayloadResult =
  { ok: true; steps: StepPayload[] } | { ok: false; index: number; errors: StepErrors };

/** The whole ordered list for `PUT /routes/{id}/steps`, with `ord` = position in the list. */
export function stepsPayload(drafts: readonly StepDraft[]): StepsPayloadResult {
  for (const [index, draft] of drafts.entries()) {
    const errors = validateDraft(draft);
    if (!isValid(errors)) return { ok: false, index, errors };
  }
  return { ok: true, steps: drafts.map((draft, i) => stepPayload(draft, i + 1)) };
}
