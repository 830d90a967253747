import { CHECK_TYPES, VARIANT_CHECK_TYPES } from './answer-check';
import { orientationDegFromImport } from './orientation';
import {
  type BoundedText,
  firstTooLong,
  isJsonObject,
  parseMaybeJson,
  toChoiceList,
  toFlag,
  toMediaList,
  toNumber,
  toOptionalText,
} from './route-json-fields';
import {
  HINT_COST_MAX,
  HINT_UNLOCK_MAX_S,
  type ImportedStep,
  type MediaItem,
  type StepHint,
  REVIEWABLE_CHECK_TYPES,
  type RouteJsonIssue,
  type RouteJsonIssueCode,
  STEP_REVIEW_MODES,
  type StepReviewMode,
} from './route-json-types';
import { parseScoringConfig } from './scoring-config';
import {
  ALSO_ACCEPT_MAX,
  CHECK_ANSWER_MAX_LENGTH,
  STEP_HINTS_MAX,
  CHOICE_MAX_LENGTH,
  HINT_MAX_LENGTH,
  MEDIA_CAPTION_MAX_LENGTH,
  MEDIA_CODE_MAX_LENGTH,
  MEDIA_URL_MAX_LENGTH,
  MIME_TYPE_MAX_LENGTH,
  PLACE_MAX_LENGTH,
  STEP_ADDRESS_MAX_LENGTH,
  STEP_CHOICES_MAX,
  TASK_MAX_LENGTH,
} from './text-limits';

/** The largest whole number a step's integer columns (ord, radius) hold. */
const INTEGER_COLUMN_MAX = 2_147_483_647;

/** Outcome of importing one step. */
export type StepResult = { ok: true; step: ImportedStep } | { ok: false; error: RouteJsonIssue };

/** Reads check_answer: text as written, numbers as text, an array of strings as JSON text. */
function toCheckAnswer(value: unknown): string | null {
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.length > 0 ? JSON.stringify(value) : null;
  }
  return toOptionalText(value);
}

/** Every text of a step's media and choices, with where it is and its limit. */
function listTexts(media: readonly MediaItem[], choices: readonly string[] | null): BoundedText[] {
  const texts: BoundedText[] = (choices ?? []).map((choice, i) => [
    `choices[${i}]`,
    choice,
    CHOICE_MAX_LENGTH,
  ]);
  for (const [i, item] of media.entries()) {
    texts.push(
      [`media[${i}].url`, item.url, MEDIA_URL_MAX_LENGTH],
      [`media[${i}].caption`, item.caption, MEDIA_CAPTION_MAX_LENGTH],
      [`media[${i}].alt`, item.alt, MEDIA_CAPTION_MAX_LENGTH],
      [`media[${i}].mime_type`, item.mime_type, MIME_TYPE_MAX_LENGTH],
      [`media[${i}].code`, item.code, MEDIA_CODE_MAX_LENGTH],
    );
  }
  return texts;
}

/** Validates and normalises one step of a route JSON document; `position` is 1-based. */
export function parseRouteStep(raw: unknown, position: number): StepResult {
  if (!isJsonObject(raw)) return { ok: false, error: { issue: 'step_not_object', step: position } };
  const ordValue = toNumber(raw.ord);
  // ord defaults to the position (also when it is no whole number the column holds), and so
  // does the step number used in error messages.
  const ord =
    ordValue !== null && Number.isInteger(ordValue) && Math.abs(ordValue) <= INTEGER_COLUMN_MAX
      ? ordValue
      : position;
  const place = typeof raw.place === 'string' ? raw.place : '';
  const fail = (issue: RouteJsonIssueCode | RouteJsonIssue): StepResult => ({
    ok: false,
    // An over-long place is named by its beginning: an error never carries the whole text.
    error: {
      ...(typeof issue === 'string' ? { issue } : issue),
      step: ord,
      place: place.slice(0, PLACE_MAX_LENGTH),
    },
  });

  const lat = toNumber(raw.lat);
  const lng = toNumber(raw.lng);
  if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    return fail('coordinates_invalid');
  }
  // Distances are whole metres (doc 2 §6), and so is the radius they are compared with.
  const radiusValue = toNumber(raw.radius_m);
  const radiusM = radiusValue === null ? null : Math.round(radiusValue);
  if (radiusM === null || radiusM <= 0 || radiusM > INTEGER_COLUMN_MAX) {
    return fail('radius_invalid');
  }
  const checkType = CHECK_TYPES.find(
    (t) => typeof raw.check_type === 'string' && t === raw.check_type.trim().toLowerCase(),
  );
  if (checkType === undefined) return fail('check_type_invalid');

  let choices: string[] | null;
  if (checkType === 'choice') {
    if (raw.choices === undefined || raw.choices === null) {
      return fail('choices_required');
    }
    const parsed = parseMaybeJson(raw.choices);
    if (parsed === undefined) return fail('choices_not_json');
    choices = toChoiceList(parsed);
    if (choices === null) return fail('choices_empty');
  } else {
    // Outside choice steps, choices are optional and kept only when they form a valid list.
    choices = toChoiceList(parseMaybeJson(raw.choices));
  }
  if (choices && choices.length > STEP_CHOICES_MAX) {
    return fail({ issue: 'choices_too_many', max: STEP_CHOICES_MAX });
  }

  const media = toMediaList(raw.media);
  if (media === null) return fail('media_invalid');
  // Optional: absent (a file written before review existed) is the spec's rule (decision 0083).
  const review =
    raw.review === undefined || raw.review === null ? 'auto' : toReviewMode(raw.review);
  if (review === null || (review === 'staff' && !REVIEWABLE_CHECK_TYPES.includes(checkType))) {
    return fail('review_invalid');
  }
  // Optional: absent (a file written before them) is the spec's rule (decision 0085).
  const alsoAccept = toAnswerList(raw.also_accept);
  if (
    alsoAccept === null ||
    alsoAccept.length > ALSO_ACCEPT_MAX ||
    (alsoAccept.length > 0 && !VARIANT_CHECK_TYPES.includes(checkType))
  ) {
    return fail({ issue: 'also_accept_invalid', max: ALSO_ACCEPT_MAX });
  }
  const hints = toHintList(raw.hints);
  if (typeof hints === 'string' || hints.length > STEP_HINTS_MAX) {
    const path = typeof hints === 'string' ? hints : 'hints';
    return fail({ issue: 'hints_invalid', max: STEP_HINTS_MAX, path });
  }
  const relaxedMatch = raw.relaxed_match ?? null;
  if (relaxedMatch !== null && typeof relaxedMatch !== 'boolean') {
    return fail('relaxed_match_invalid');
  }
  const scoring = parseScoringConfig(raw.scoring);
  if (!scoring.ok) return fail(scoring.error);
  const task = typeof raw.task === 'string' ? raw.task : '';
  const hint = toOptionalText(raw.hint);
  // Optional: a file written before addresses existed has none (decision 0065).
  const address = toOptionalText(raw.address)?.trim() ?? null;
  const checkAnswer = toCheckAnswer(raw.check_answer);
  const tooLong = firstTooLong([
    ['place', place, PLACE_MAX_LENGTH],
    ['address', address, STEP_ADDRESS_MAX_LENGTH],
    ['task', task, TASK_MAX_LENGTH],
    ['hint', hint, HINT_MAX_LENGTH],
    ...hints.map((item, i): BoundedText => [`hints[${i}].text`, item.text, HINT_MAX_LENGTH]),
    ['check_answer', checkAnswer, CHECK_ANSWER_MAX_LENGTH],
    ...alsoAccept.map((answer, i): BoundedText => [
      `also_accept[${i}]`,
      answer,
      CHECK_ANSWER_MAX_LENGTH,
    ]),
    ...listTexts(media, choices),
  ]);
  if (tooLong) return fail({ issue: 'step_text_too_long', ...tooLong });

  return {
    ok: true,
    step: {
      ord,
      place,
      address,
      lat,
      lng,
      radius_m: radiusM,
      task,
      hint,
      check_type: checkType,
      check_answer: checkAnswer,
      orientation_deg: orientationDegFromImport(raw.orientation),
      media,
      choices,
      multiple: toFlag(raw.multiple),
      scoring: scoring.value,
      review,
      hints,
      also_accept: alsoAccept,
      relaxed_match: relaxedMatch,
    },
  };
}

/** A whole number from 0 to `max`, or null; absent is 0. */
function toBoundedCount(value: unknown, max: number): number | null {
  if (value === undefined || value === null) return 0;
  const n = toNumber(value);
  return n !== null && Number.isInteger(n) && n >= 0 && n <= max ? n : null;
}

/**
 * A step's hints as written: absent is none; each needs a text that is not blank, a cost
 * 0…HINT_COST_MAX and a delay 0…HINT_UNLOCK_MAX_S (absent: 0). Answers the path of the first
 * that is wrong instead.
 */
function toHintList(value: unknown): StepHint[] | string {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return 'hints';
  const hints: StepHint[] = [];
  for (const [i, item] of value.entries()) {
    if (!isJsonObject(item) || typeof item.text !== 'string' || item.text.trim() === '') {
      return `hints[${i}].text`;
    }
    const cost = toBoundedCount(item.cost, HINT_COST_MAX);
    if (cost === null) return `hints[${i}].cost`;
    const unlockAfterS = toBoundedCount(item.unlock_after_s, HINT_UNLOCK_MAX_S);
    if (unlockAfterS === null) return `hints[${i}].unlock_after_s`;
    hints.push({ text: item.text, cost, unlock_after_s: unlockAfterS });
  }
  return hints;
}

/**
 * Other accepted answers as written: absent is none; a list of texts (numbers as text) is kept
 * trimmed, blanks left out; anything else is null.
 */
function toAnswerList(value: unknown): string[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return null;
  const answers: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string' && typeof item !== 'number') return null;
    const answer = String(item).trim();
    if (answer !== '') answers.push(answer);
  }
  return answers;
}

/** A review mode as written (any case, spaces around); null when it is none. */
function toReviewMode(value: unknown): StepReviewMode | null {
  if (typeof value !== 'string') return null;
  return STEP_REVIEW_MODES.find((mode) => mode === value.trim().toLowerCase()) ?? null;
}
