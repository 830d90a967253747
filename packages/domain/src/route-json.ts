import { orientationNameFromDeg } from './orientation';
import { firstTooLong, isJsonObject, toFlag, toOptionalText } from './route-json-fields';
import { parseRouteStep } from './route-json-step';
import type {
  ImportedRoute,
  ImportedStep,
  RouteJson,
  RouteJsonIssue,
  RouteJsonResult,
  RouteJsonStep,
} from './route-json-types';
import { normalizeSlug } from './slug';
import {
  DESCRIPTION_MAX_LENGTH,
  KEY_ELEMENTS_MAX_LENGTH,
  LOCATION_PURPOSE_MAX_LENGTH,
  ROUTE_TITLE_MAX_LENGTH,
  SLUG_MAX_LENGTH,
} from './text-limits';

/**
 * The most steps a route may have (decision 0024): city quests have a few dozen places, so 200
 * leaves room for the longest tour while keeping an import, a game start (one game step per
 * step) and the step editor small.
 */
export const ROUTE_STEPS_MAX = 200;

/** The refusal of a route with `count` steps, or null when that many are allowed. */
export function stepCountIssue(count: number): RouteJsonIssue | null {
  return count > ROUTE_STEPS_MAX ? { issue: 'too_many_steps', max: ROUTE_STEPS_MAX } : null;
}
import { isStorableDate } from './storable-date';

/** Validates and normalises a route JSON document, given as JSON text or as an already parsed value. */
export function parseRouteJson(input: unknown): RouteJsonResult {
  let doc = input;
  if (typeof input === 'string') {
    try {
      doc = JSON.parse(input) as unknown;
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return { ok: false, error: { issue: 'json_syntax', detail } };
    }
  }
  // A document that is not an object has no "id" either.
  if (!isJsonObject(doc)) return { ok: false, error: { issue: 'id_missing' } };
  const id = typeof doc.id === 'string' ? doc.id : '';
  const slug = normalizeSlug(id);
  if (slug === '') return { ok: false, error: { issue: 'id_missing' } };
  if (typeof doc.title !== 'string' || doc.title.trim() === '')
    return { ok: false, error: { issue: 'title_missing' } };
  if (!Array.isArray(doc.steps)) return { ok: false, error: { issue: 'steps_missing' } };
  const description = toOptionalText(doc.description);
  const keyElements = toOptionalText(doc.key_elements);
  const locationPurpose = toOptionalText(doc.location_purpose);
  const tooLong = firstTooLong([
    ['id', id, SLUG_MAX_LENGTH],
    ['title', doc.title, ROUTE_TITLE_MAX_LENGTH],
    ['description', description, DESCRIPTION_MAX_LENGTH],
    ['key_elements', keyElements, KEY_ELEMENTS_MAX_LENGTH],
    ['location_purpose', locationPurpose, LOCATION_PURPOSE_MAX_LENGTH],
  ]);
  if (tooLong) return { ok: false, error: { issue: 'text_too_long', ...tooLong } };
  const tooMany = stepCountIssue(doc.steps.length);
  if (tooMany) return { ok: false, error: tooMany };

  const dateStart = toOptionalText(doc.date_start);
  const dateEnd = toOptionalText(doc.date_end);
  for (const [path, date] of [
    ['date_start', dateStart],
    ['date_end', dateEnd],
  ] as const) {
    if (date !== null && !isStorableDate(date)) {
      return { ok: false, error: { issue: 'date_invalid', path } };
    }
  }

  const steps: ImportedStep[] = [];
  for (const [index, raw] of (doc.steps as unknown[]).entries()) {
    const result = parseRouteStep(raw, index + 1);
    if (!result.ok) return result;
    steps.push(result.step);
  }
  return {
    ok: true,
    route: {
      slug,
      title: doc.title,
      description,
      key_elements: keyElements,
      is_flash: toFlag(doc.is_flash),
      date_start: dateStart,
      date_end: dateEnd,
      location_sharing: toFlag(doc.location_sharing),
      location_purpose: locationPurpose,
      steps,
    },
  };
}

function toStepJson(step: ImportedStep): RouteJsonStep {
  const json: RouteJsonStep = {
    ord: step.ord,
    place: step.place,
    // Written only when set, so a route without addresses exports as it did before them.
    ...(step.address === null ? {} : { address: step.address }),
    lat: step.lat,
    lng: step.lng,
    radius_m: step.radius_m,
    task: step.task,
    hint: step.hint,
    check_type: step.check_type,
    check_answer: step.check_answer,
    orientation: orientationNameFromDeg(step.orientation_deg),
    media: step.media.map((item) => ({ ...item })),
  };
  const isChoice = step.check_type === 'choice';
  // choices and multiple belong to choice steps; elsewhere they are written only when set.
  if (isChoice || step.choices !== null) json.choices = step.choices ? [...step.choices] : null;
  if (isChoice || step.multiple) json.multiple = step.multiple;
  if (step.scoring !== null) json.scoring = step.scoring;
  if (step.review === 'staff') json.review = 'staff';
  // Written only when set, so a route without them exports as it did before (decision 0085).
  if (step.hints.length > 0) json.hints = step.hints.map((hint) => ({ ...hint }));
  if (step.also_accept.length > 0) json.also_accept = [...step.also_accept];
  if (step.relaxed_match !== null) json.relaxed_match = step.relaxed_match;
  return json;
}

/** Builds the route JSON exchange document for export, steps ordered by ord. */
export function toRouteJson(
  route: Omit<ImportedRoute, 'steps'>,
  steps: readonly ImportedStep[],
): RouteJson {
  return {
    id: route.slug,
    title: route.title,
    description: route.description,
    key_elements: route.key_elements,
    is_flash: route.is_flash,
    date_start: route.date_start,
    date_end: route.date_end,
    // Written only when on, so a route that does not share exports as it did before (0086).
    ...(route.location_sharing
      ? { location_sharing: true as const, location_purpose: route.location_purpose }
      : {}),
    // Array#sort is stable: steps sharing an ord keep their given order.
    steps: [...steps].sort((a, b) => a.ord - b.ord).map(toStepJson),
  };
}
