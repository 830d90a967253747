import { describe, expect, it } from 'vitest';
import { parseRouteStep } from './route-json-step';
import type { ImportedStep, RouteJsonIssue, RouteJsonIssueCode } from './route-json-types';

const base = {
  ord: 4,
  place: 'Campo de’ Fiori',
  lat: 41.895652,
  lng: 12.472181,
  radius_m: 60,
  task: 'Foto',
  check_type: 'text',
  check_answer: 'x',
};

const stepOf = (over: Record<string, unknown>): ImportedStep => {
  const result = parseRouteStep({ ...base, ...over }, 1);
  if (!result.ok) throw new Error(result.error.issue);
  return result.step;
};

const errorOf = (over: Record<string, unknown>, position = 1): RouteJsonIssue | null => {
  const result = parseRouteStep({ ...base, ...over }, position);
  return result.ok ? null : result.error;
};

describe('parseRouteStep, errors', () => {
  const at = (issue: RouteJsonIssueCode, more: Partial<RouteJsonIssue> = {}) => ({
    issue,
    ...more,
    step: 4,
    place: 'Campo de’ Fiori',
  });
  it.each([
    ['lat text', { lat: 'abc' }, at('coordinates_invalid')],
    ['lng missing', { lng: undefined }, at('coordinates_invalid')],
    ['lat blank', { lat: ' ' }, at('coordinates_invalid')],
    ['lat above 90', { lat: 90.0001 }, at('coordinates_invalid')],
    ['lng below -180', { lng: -180.5 }, at('coordinates_invalid')],
    ['radius missing', { radius_m: undefined }, at('radius_invalid')],
    ['radius zero', { radius_m: 0 }, at('radius_invalid')],
    ['radius negative', { radius_m: '-5' }, at('radius_invalid')],
    ['radius text', { radius_m: 'wide' }, at('radius_invalid')],
    ['radius under half a metre', { radius_m: 0.4 }, at('radius_invalid')],
    ['radius past the column', { radius_m: 1e12 }, at('radius_invalid')],
    ['check type unknown', { check_type: 'gps' }, at('check_type_invalid')],
    ['check type missing', { check_type: undefined }, at('check_type_invalid')],
    ['choices missing', { check_type: 'choice' }, at('choices_required')],
    ['choices null', { check_type: 'choice', choices: null }, at('choices_required')],
    ['choices bad JSON', { check_type: 'choice', choices: '[A, B' }, at('choices_not_json')],
    ['choices empty', { check_type: 'choice', choices: [] }, at('choices_empty')],
    ['choices "[]"', { check_type: 'choice', choices: '[]' }, at('choices_empty')],
    ['choices object', { check_type: 'choice', choices: '{"a":1}' }, at('choices_empty')],
    ['choices nested', { check_type: 'choice', choices: [['A']] }, at('choices_empty')],
    ['media not array', { media: 'x.jpg' }, at('media_invalid')],
    ['media bad type', { media: [{ type: 'pdf', url: 'x' }] }, at('media_invalid')],
    ['media no url nor code', { media: [{ type: 'image', url: '' }] }, at('media_invalid')],
    ['scoring invalid', { scoring: { combine: 'min' } }, at('scoring_combine')],
  ])('%s', (_name, over, error) => {
    expect(errorOf(over)).toEqual(error);
  });

  it('names the step by position when ord is absent or not an integer', () => {
    const coordinates = (step: number, place: string) => ({
      issue: 'coordinates_invalid',
      step,
      place,
    });
    expect(errorOf({ ord: undefined, lat: 'abc' }, 3)).toEqual(coordinates(3, 'Campo de’ Fiori'));
    expect(errorOf({ ord: 'x', lat: 'abc' }, 5)).toEqual(coordinates(5, 'Campo de’ Fiori'));
    expect(errorOf({ ord: '7', place: undefined, lat: 'abc' })).toEqual(coordinates(7, ''));
  });

  it('rejects a step that is not an object', () => {
    expect(parseRouteStep('step', 2)).toEqual({
      ok: false,
      error: { issue: 'step_not_object', step: 2 },
    });
    expect(parseRouteStep(null, 1)).toEqual({
      ok: false,
      error: { issue: 'step_not_object', step: 1 },
    });
  });
});

describe('parseRouteStep, values', () => {
  it.each([
    [
      { lat: '41.89', lng: ' 12.47 ' },
      { lat: 41.89, lng: 12.47 },
    ],
    [
      { lat: -90, lng: 180 },
      { lat: -90, lng: 180 },
    ],
    [{ radius_m: '75' }, { radius_m: 75 }],
    [{ radius_m: 0.5 }, { radius_m: 1 }],
    [{ radius_m: '12.4' }, { radius_m: 12 }],
    [{ ord: 2 ** 40 }, { ord: 1 }],
    [{ ord: undefined }, { ord: 1 }],
    [{ ord: '4' }, { ord: 4 }],
    [{ check_type: ' QR ' }, { check_type: 'qr' }],
    [{ orientation: 'Ovest' }, { orientation_deg: 270 }],
    [{ orientation: 'nordest' }, { orientation_deg: 0 }],
    [{ orientation: '' }, { orientation_deg: null }],
    [{ hint: '' }, { hint: null }],
    [{ hint: 'Guarda su' }, { hint: 'Guarda su' }],
    [{ check_answer: 1762 }, { check_answer: '1762' }],
    [{ check_answer: ['A', 'B'] }, { check_answer: '["A","B"]' }],
    [{ check_answer: '' }, { check_answer: null }],
    [{ task: undefined }, { task: '' }],
    [{ multiple: 'true' }, { multiple: true }],
    [{ multiple: 0 }, { multiple: false }],
    [{ media: null }, { media: [] }],
    [{ scoring: null }, { scoring: null }],
    [{ scoring: { skip_award: 2 } }, { scoring: { skip_award: 2 } }],
  ])('%j → %j', (over, expected) => {
    expect(stepOf(over)).toMatchObject(expected);
  });

  it.each([
    [{ check_type: 'choice', choices: '["A", "B"]' }, ['A', 'B']],
    [{ check_type: 'choice', choices: ['A', 2] }, ['A', '2']],
    [{ check_type: 'text', choices: ['A'] }, ['A']],
    [{ check_type: 'text', choices: 'not json' }, null],
    [{ check_type: 'text', choices: [] }, null],
    [{ check_type: 'text' }, null],
  ])('%j has choices %j', (over, expected) => {
    expect(stepOf(over).choices).toEqual(expected);
  });

  it('keeps known media keys and a library code with an empty url', () => {
    const media = [
      { type: 'audio', url: 'a.mp3', mime_type: 'audio/mpeg', extra: true },
      { type: 'image', code: 'IMG-42', alt: 'Statua' },
    ];
    expect(stepOf({ media }).media).toEqual([
      { type: 'audio', url: 'a.mp3', mime_type: 'audio/mpeg' },
      { type: 'image', url: '', code: 'IMG-42', alt: 'Statua' },
    ]);
  });
});
