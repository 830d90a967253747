import { ERROR_CODES, type ImageField, type TryReason } from '@tappa/contracts';
import { ROUTE_JSON_ISSUES } from '@tappa/domain';
import { beforeAll, describe, expect, it as test } from 'vitest';
import { ApiError, type ApiErrorCode, type ApiErrorParams } from './api-error';
import { errorText, serverErrorText, tryReasonText } from './error-text';
import { i18n } from './i18n';
import { en } from './locales/en';
import { it } from './locales/it';

const IMAGE_FIELDS: readonly ImageField[] = ['logo', 'favicon', 'route_image', 'avatar', 'photo'];
const TRY_REASONS: readonly TryReason[] = [
  { code: 'wrong_answer' },
  { code: 'too_far', distance_m: 120, radius_m: 30 },
  { code: 'wrong_orientation' },
  { code: 'time_up', route_type: 'progressive' },
  { code: 'time_up', route_type: 'exploration' },
];

/** An API error as the client reads it, with a developer message no user should see. */
const apiError = (code: ApiErrorCode, params: ApiErrorParams = {}) =>
  new ApiError(400, code, 'Developer detail, never shown', { params });

beforeAll(async () => {
  await i18n.loadLanguages('en');
});

describe('the error catalogue', () => {
  test.each([
    ['it', it],
    ['en', en],
  ] as const)('has a text in %s for every code, route JSON issue and image field', (_, texts) => {
    const all = [
      ...[...ERROR_CODES, 'network' as const].map((code) => texts.errors[code]),
      ...ROUTE_JSON_ISSUES.map((issue) => texts.errors.route_json[issue]),
      ...IMAGE_FIELDS.map((field) => texts.errors.image_fields[field]),
      ...Object.values(texts.errors.try_reasons),
    ];
    expect(all.filter((text) => typeof text !== 'string' || text.trim() === '')).toEqual([]);
  });

  test.each(TRY_REASONS)('has a text in both languages for the try reason %j', (reason) => {
    for (const language of ['it', 'en'] as const) {
      const text = tryReasonText(reason, i18n.getFixedT(language));
      expect(text.trim()).not.toBe('');
      expect(text).not.toMatch(/errors\.|\{\{/);
    }
  });
});

describe('errorText in Italian: the spec texts verbatim', () => {
  const t = i18n.getFixedT('it');

  test.each([
    [apiError('tenant_not_found'), 'Tenant non trovato'],
    [apiError('access_code_used'), 'Questo codice è già stato utilizzato'],
    [apiError('route_unavailable'), 'Questo gioco non è attualmente disponibile'],
    [apiError('reset_link_invalid'), 'Invalid reset link. Please request a new password reset.'],
    [apiError('password_too_short', { min: 6 }), 'Password must be at least 6 characters long'],
    [
      apiError('route_json_invalid', { issue: 'id_missing' }),
      'Il JSON deve contenere un campo "id" per lo slug della route',
    ],
    [
      apiError('route_json_invalid', { issue: 'choices_empty', step: 3, place: 'Foro' }),
      'Step 3 (Foro): "choices" deve essere un array non vuoto',
    ],
    [
      apiError('route_json_invalid', { issue: 'scoring_number', step: 1, place: 'A', path: 'cap' }),
      'Step 1 (A): scoring non valido: "cap" deve essere un numero',
    ],
    [
      apiError('route_json_invalid', { issue: 'too_many_steps', max: 200 }),
      'Troppi step: una route può averne al massimo 200',
    ],
    [
      apiError('body_too_large', { max_kb: 4096 }),
      'I dati inviati sono troppo grandi (al massimo 4096 KB)',
    ],
    [
      apiError('route_json_invalid', { issue: 'no_such_issue' }),
      'Il JSON della route non è valido',
    ],
    [
      apiError('image_too_large', { field: 'favicon', max_kb: 100 }),
      "Favicon: l'icona supera 100 KB",
    ],
    [apiError('network'), 'Connessione assente: controlla la rete e riprova'],
    [new TypeError('x is undefined'), 'Errore imprevisto'],
  ])('%s reads %j', (error, text) => {
    expect(errorText(error, t)).toBe(text);
  });

  test.each([
    [{ code: 'wrong_answer' }, 'Incorrect answer. Try again!'],
    [
      { code: 'too_far', distance_m: 120, radius_m: 30 },
      'You are too far from the location (120m away, need to be within 30m)',
    ],
    [{ code: 'wrong_orientation' }, 'Incorrect orientation! Check your compass direction.'],
    [
      { code: 'time_up', route_type: 'progressive' },
      'Tempo scaduto! Il percorso è terminato e il punteggio è stato consolidato.',
    ],
    [{ code: 'time_up', route_type: 'exploration' }, 'Tempo scaduto! Il percorso è terminato.'],
  ] satisfies [TryReason, string][])('the try reason %j reads %j', (reason, text) => {
    expect(tryReasonText(reason, t)).toBe(text);
  });
});

describe('errorText in English', () => {
  const t = i18n.getFixedT('en');

  test.each([
    [apiError('tenant_not_found'), 'Tenant not found'],
    [apiError('route_slug_taken', { slug: 'roma' }), 'A route with the slug "roma" already exists'],
    [
      apiError('image_type_refused', { field: 'route_image', allowed: 'png, webp' }),
      'Route image: the file must be an image (png, webp)',
    ],
    [
      apiError('route_json_invalid', { issue: 'json_syntax', detail: 'Unexpected token' }),
      'Invalid JSON: Unexpected token',
    ],
  ])('%s reads %j', (error, text) => {
    expect(errorText(error, t)).toBe(text);
  });

  test('a time-up reason reads in English', () => {
    expect(tryReasonText({ code: 'time_up', route_type: 'exploration' }, t)).toBe(
      'Time is up! The route is over.',
    );
  });
});

describe('serverErrorText', () => {
  const t = i18n.getFixedT('it');

  test('gives the text of a code the server explained', () => {
    expect(serverErrorText(apiError('game_over'), t)).toBe('Il gioco è già terminato');
  });

  test.each([
    ['a network failure', apiError('network')],
    ['an internal error', apiError('internal')],
    ['an error that is not an API call', new Error('boom')],
  ])('is null for %s, so that the screen shows its fallback', (_, error) => {
    expect(serverErrorText(error, t)).toBeNull();
  });
});
