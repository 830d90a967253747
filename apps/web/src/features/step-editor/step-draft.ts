import type { AdminStep } from '@tappa/contracts';
import type { CheckType, MediaType, OrientationName, StepReviewMode } from '@tappa/domain';
import { orientationNameFromDeg, parseExpectedChoices, parseScoringConfig } from '@tappa/domain';
import { scoringDraftFrom } from './scoring-draft';
import type { ScoringDraft } from './scoring-draft';
import { EMPTY_SCORING } from './scoring-draft';

/** One media item as the form edits it (a media-library `code` is kept as it came). */
export interface MediaDraft {
  key: number;
  type: MediaType;
  url: string;
  caption: string;
  alt: string;
  mime_type: string;
  code?: string;
}

/** A hint after the step's own as the form edits it (numbers as typed; decision 0085). */
export interface HintDraft {
  key: number;
  text: string;
  cost: string;
  unlockAfterS: string;
}

/** A step as the editor holds it: text per input, choice answers as indices into `choices`. */
export interface StepDraft {
  /** Client-side identity for lists (stable across reorders). */
  key: number;
  /** The stored step's id; missing for a step added in the editor. */
  id?: string;
  place: string;
  /** The optional street address (blank: none). */
  address: string;
  lat: string;
  lng: string;
  radius: string;
  task: string;
  hint: string;
  checkType: CheckType;
  /** The answer of text, qr and code steps. */
  answer: string;
  choices: string[];
  multiple: boolean;
  /** Indices of the correct choices (one for a single-answer step). */
  correct: number[];
  orientation: OrientationName | '';
  media: MediaDraft[];
  scoring: ScoringDraft;
  /** Who decides a photo or text answer (decision 0083); kept as set when the type changes. */
  review: StepReviewMode;
  /** The hints after `hint` (decision 0085). */
  hints: HintDraft[];
  /** Other accepted answers of a text, code or QR step, one per line (decision 0085). */
  alsoAccept: string;
  /** The tolerant comparison on or off; null: the spec's rule for the type, as stored. */
  relaxedMatch: boolean | null;
}

/** Radius, in metres, of a step added in the editor. */
export const DEFAULT_RADIUS_M = 50;

let lastKey = 0;

/** A fresh client-side key. */
export function nextKey(): number {
  lastKey += 1;
  return lastKey;
}

const fold = (value: string): string => value.trim().toLowerCase();

/** Indices of the choices the stored answer names (trimmed, case-insensitive like the game). */
function correctIndices(step: AdminStep, choices: string[]): number[] {
  const answers = step.multiple
    ? parseExpectedChoices(step.check_answer)
    : step.check_answer === null
      ? []
      : [step.check_answer];
  const wanted = new Set(answers.map(fold));
  const indices = choices.flatMap((choice, i) => (wanted.has(fold(choice)) ? [i] : []));
  return step.multiple ? indices : indices.slice(0, 1);
}

/** The editor's copy of a stored step. */
export function draftFromStep(step: AdminStep): StepDraft {
  const choices = step.choices ?? [];
  const scoring = parseScoringConfig(step.scoring);
  const isChoice = step.check_type === 'choice';
  return {
    key: nextKey(),
    id: step.id,
    place: step.place,
    address: step.address ?? '',
    lat: String(step.lat),
    lng: String(step.lng),
    radius: String(step.radius_m),
    task: step.task,
    hint: step.hint ?? '',
    checkType: step.check_type,
    answer: isChoice || step.check_type === 'photo' ? '' : (step.check_answer ?? ''),
    choices,
    multiple: step.multiple,
    correct: isChoice ? correctIndices(step, choices) : [],
    orientation: orientationNameFromDeg(step.orientation_deg) ?? '',
    media: step.media.map((item) => ({
      key: nextKey(),
      type: item.type,
      url: item.url,
      caption: item.caption ?? '',
      alt: item.alt ?? '',
      mime_type: item.mime_type ?? '',
      ...(item.code === undefined ? {} : { code: item.code }),
    })),
    scoring: scoringDraftFrom(scoring.ok ? scoring.value : null),
    review: step.review,
    hints: step.hints.map((hint) => ({
      key: nextKey(),
      text: hint.text,
      cost: String(hint.cost),
      unlockAfterS: String(hint.unlock_after_s),
    })),
    alsoAccept: step.also_accept.join('\n'),
    relaxedMatch: step.relaxed_match,
  };
}

/** A new, empty step; at the given position when it was placed on the map. */
export function newDraft(position?: { lat: number; lng: number }): StepDraft {
  return {
    key: nextKey(),
    place: '',
    address: '',
    lat: position ? String(position.lat) : '',
    lng: position ? String(position.lng) : '',
    radius: String(DEFAULT_RADIUS_M),
    task: '',
    hint: '',
    checkType: 'text',
    answer: '',
    choices: [],
    multiple: false,
    correct: [],
    orientation: '',
    media: [],
    scoring: EMPTY_SCORING,
    review: 'auto',
    hints: [],
    alsoAccept: '',
    relaxedMatch: null,
  };
}

/** A new hint: free and unlocked at once until the organiser says otherwise. */
export function newHintDraft(): HintDraft {
  return { key: nextKey(), text: '', cost: '0', unlockAfterS: '0' };
}

/** A new media item (an image with nothing filled in). */
export function newMediaDraft(): MediaDraft {
  return { key: nextKey(), type: 'image', url: '', caption: '', alt: '', mime_type: '' };
}

/** A decimal typed in a field (a comma counts as the decimal point); null when blank or invalid. */
export function parseDecimal(value: string): number | null {
  const trimmed = value.trim().replace(',', '.');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}
