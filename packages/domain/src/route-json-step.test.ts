import { describe, expect, it } from 'vitest';
import { parseRouteStep } from './route-json-step';
import type { ImportedStep } from './route-json-types';

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
  if (!result.ok) throw new Error(result.error);
  return result.step;
};

const errorOf = (over: Record<string, unknown>, position = 1): string | null => {
  const result = parseRouteStep({ ...base, ...over }, position);
  return result.ok ? null : result.error;
};

describe('parseRouteStep, errors', () => {
  const P = 'Step 4 (Campo de’ Fiori)';
  it.each([
    ['lat text', { lat: 'abc' }, `${P}: coordinate non valide`],
    ['lng missing', { lng: undefined }, `${P}: coordinate non valide`],
    ['lat blank', { lat: ' ' }, `${P}: coordinate non valide`],
    ['lat above 90', { lat: 90.0001 }, `${P}: coordinate non valide`],
    ['lng below -180', { lng: -180.5 }, `${P}: coordinate non valide`],
    ['radius missing', { radius_m: undefined }, `${P}: "radius_m" non valido`],
    ['radius zero', { radius_m: 0 }, `${P}: "radius_m" non valido`],
    ['radius negative', { radius_m: '-5' }, `${P}: "radius_m" non valido`],
    ['radius text', { radius_m: 'wide' }, `${P}: "radius_m" non valido`],
    ['check type unknown', { check_type: 'gps' }, `${P}: "check_type" non valido`],
    ['check type missing', { check_type: undefined }, `${P}: "check_type" non valido`],
    [
      'choices missing',
      { check_type: 'choice' },
      `${P}: "choices" è obbligatorio per le domande a scelta`,
    ],
    [
      'choices null',
      { check_type: 'choice', choices: null },
      `${P}: "choices" è obbligatorio per le domande a scelta`,
    ],
    [
      'choices bad JSON',
      { check_type: 'choice', choices: '[A, B' },
      `${P}: "choices" non è un JSON valido`,
    ],
    [
      'choices empty',
      { check_type: 'choice', choices: [] },
      `${P}: "choices" deve essere un array non vuoto`,
    ],
    [
      'choices "[]"',
      { check_type: 'choice', choices: '[]' },
      `${P}: "choices" deve essere un array non vuoto`,
    ],
    [
      'choices object',
      { check_type: 'choice', choices: '{"a":1}' },
      `${P}: "choices" deve essere un array non vuoto`,
    ],
    [
      'choices nested',
      { check_type: 'choice', choices: [['A']] },
      `${P}: "choices" deve essere un array non vuoto`,
    ],
    ['media not array', { media: 'x.jpg' }, `${P}: "media" non valido`],
    ['media bad type', { media: [{ type: 'pdf', url: 'x' }] }, `${P}: "media" non valido`],
    ['media no url nor code', { media: [{ type: 'image', url: '' }] }, `${P}: "media" non valido`],
    [
      'scoring invalid',
      { scoring: { combine: 'min' } },
      `${P}: scoring non valido: "combine" deve essere "sum" o "max"`,
    ],
  ])('%s', (_name, over, error) => {
    expect(errorOf(over)).toBe(error);
  });

  it('names the step by position when ord is absent or not an integer', () => {
    expect(errorOf({ ord: undefined, lat: 'abc' }, 3)).toBe(
      'Step 3 (Campo de’ Fiori): coordinate non valide',
    );
    expect(errorOf({ ord: 'x', lat: 'abc' }, 5)).toBe(
      'Step 5 (Campo de’ Fiori): coordinate non valide',
    );
    expect(errorOf({ ord: '7', place: undefined, lat: 'abc' })).toBe(
      'Step 7 (): coordinate non valide',
    );
  });

  it('rejects a step that is not an object', () => {
    expect(parseRouteStep('step', 2)).toEqual({
      ok: false,
      error: 'Step 2: deve essere un oggetto',
    });
    expect(parseRouteStep(null, 1)).toEqual({ ok: false, error: 'Step 1: deve essere un oggetto' });
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
    [{ radius_m: 0.5 }, { radius_m: 0.5 }],
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
