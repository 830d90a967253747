import { describe, expect, it } from 'vitest';
import { parseRouteJson } from './route-json';
import { parseRouteStep } from './route-json-step';
import {
  CHECK_ANSWER_MAX_LENGTH,
  CHOICE_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  HINT_MAX_LENGTH,
  KEY_ELEMENTS_MAX_LENGTH,
  MEDIA_CAPTION_MAX_LENGTH,
  MEDIA_CODE_MAX_LENGTH,
  MEDIA_URL_MAX_LENGTH,
  MIME_TYPE_MAX_LENGTH,
  PLACE_MAX_LENGTH,
  ROUTE_TITLE_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  STEP_CHOICES_MAX,
  TASK_MAX_LENGTH,
} from './text-limits';

const step = {
  ord: 2,
  place: 'Pantheon',
  lat: 41.898614,
  lng: 12.476869,
  radius_m: 50,
  task: 'Task',
  check_type: 'text',
  check_answer: 'x',
};
const text = (length: number) => 'a'.repeat(length);
const media = (over: Record<string, string>) => [
  { type: 'image', url: 'https://x/a.jpg', ...over },
];

describe('route JSON text limits', () => {
  it.each([
    ['id', SLUG_MAX_LENGTH],
    ['title', ROUTE_TITLE_MAX_LENGTH],
    ['description', DESCRIPTION_MAX_LENGTH],
    ['key_elements', KEY_ELEMENTS_MAX_LENGTH],
  ])('takes a route %s of %i characters and refuses one more', (field, max) => {
    const doc = (length: number) => ({
      id: 'roma',
      title: 'Roma',
      steps: [],
      [field]: text(length),
    });
    expect(parseRouteJson(doc(max)).ok).toBe(true);
    expect(parseRouteJson(doc(max + 1))).toEqual({
      ok: false,
      error: { issue: 'text_too_long', path: field, max },
    });
  });

  const choice = { check_type: 'choice', check_answer: 'a' };
  it.each([
    ['place', PLACE_MAX_LENGTH, (s: string) => ({ place: s })],
    ['task', TASK_MAX_LENGTH, (s: string) => ({ task: s })],
    ['hint', HINT_MAX_LENGTH, (s: string) => ({ hint: s })],
    ['check_answer', CHECK_ANSWER_MAX_LENGTH, (s: string) => ({ check_answer: s })],
    ['choices[1]', CHOICE_MAX_LENGTH, (s: string) => ({ ...choice, choices: ['a', s] })],
    ['media[0].url', MEDIA_URL_MAX_LENGTH, (s: string) => ({ media: media({ url: s }) })],
    [
      'media[0].caption',
      MEDIA_CAPTION_MAX_LENGTH,
      (s: string) => ({ media: media({ caption: s }) }),
    ],
    ['media[0].alt', MEDIA_CAPTION_MAX_LENGTH, (s: string) => ({ media: media({ alt: s }) })],
    [
      'media[0].mime_type',
      MIME_TYPE_MAX_LENGTH,
      (s: string) => ({ media: media({ mime_type: s }) }),
    ],
    ['media[0].code', MEDIA_CODE_MAX_LENGTH, (s: string) => ({ media: media({ code: s }) })],
  ])('takes a step %s of %i characters and refuses one more', (path, max, over) => {
    expect(parseRouteStep({ ...step, ...over(text(max)) }, 2).ok).toBe(true);
    const refused = parseRouteStep({ ...step, ...over(text(max + 1)) }, 2);
    expect(refused).toMatchObject({ ok: false, error: { issue: 'step_text_too_long', path, max } });
  });

  it('names an over-long step by the beginning of its place, never the whole text', () => {
    const place = text(1_000_000);
    const refused = parseRouteStep({ ...step, place }, 2);
    expect(refused).toEqual({
      ok: false,
      error: {
        issue: 'step_text_too_long',
        path: 'place',
        max: PLACE_MAX_LENGTH,
        step: 2,
        place: text(PLACE_MAX_LENGTH),
      },
    });
  });

  it(`takes ${STEP_CHOICES_MAX} choices and refuses one more`, () => {
    const choices = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);
    const withChoices = (n: number) =>
      parseRouteStep({ ...step, check_type: 'choice', check_answer: 'c0', choices: choices(n) }, 2);
    expect(withChoices(STEP_CHOICES_MAX).ok).toBe(true);
    expect(withChoices(STEP_CHOICES_MAX + 1)).toMatchObject({
      ok: false,
      error: { issue: 'choices_too_many', max: STEP_CHOICES_MAX },
    });
  });

  it('fits every choice of a full multiple-choice step in check_answer', () => {
    const all = Array.from({ length: STEP_CHOICES_MAX }, () => text(CHOICE_MAX_LENGTH));
    expect(JSON.stringify(all).length).toBeLessThanOrEqual(CHECK_ANSWER_MAX_LENGTH);
  });
});
