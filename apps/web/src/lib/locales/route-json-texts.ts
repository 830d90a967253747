import type { RouteJsonIssueCode } from '@tappa/domain';
import type { Texts } from './bilingual';

/** Where a step's issue is: every issue of one step starts with it. */
const STEP_PREFIX = 'Step {{step}} ({{place}}): ';

/** A step's issue, after the step's number and place. */
const atStep = ({ it, en }: Texts): Texts => ({ it: STEP_PREFIX + it, en: STEP_PREFIX + en });

/**
 * Why a route JSON document was refused (`route_json_invalid`, by `issue`): the spec's Italian
 * validation texts verbatim, English beside them.
 */
export const ROUTE_JSON_TEXTS = {
  json_syntax: { it: 'JSON non valido: {{detail}}', en: 'Invalid JSON: {{detail}}' },
  id_missing: {
    it: 'Il JSON deve contenere un campo "id" per lo slug della route',
    en: 'The JSON must contain an "id" field for the route slug',
  },
  title_missing: {
    it: 'Il JSON deve contenere un campo "title"',
    en: 'The JSON must contain a "title" field',
  },
  steps_missing: {
    it: 'Il JSON deve contenere un array "steps"',
    en: 'The JSON must contain a "steps" array',
  },
  too_many_steps: {
    it: 'Troppi step: una route può averne al massimo {{max}}',
    en: 'Too many steps: a route can have at most {{max}}',
  },
  date_invalid: {
    it: '"{{path}}" non è una data valida',
    en: '"{{path}}" is not a valid date',
  },
  step_not_object: {
    it: 'Step {{step}}: deve essere un oggetto',
    en: 'Step {{step}}: must be an object',
  },
  coordinates_invalid: atStep({ it: 'coordinate non valide', en: 'invalid coordinates' }),
  radius_invalid: atStep({ it: '"radius_m" non valido', en: 'invalid "radius_m"' }),
  check_type_invalid: atStep({ it: '"check_type" non valido', en: 'invalid "check_type"' }),
  choices_required: atStep({
    it: '"choices" è obbligatorio per le domande a scelta',
    en: '"choices" is required for choice questions',
  }),
  choices_not_json: atStep({
    it: '"choices" non è un JSON valido',
    en: '"choices" is not valid JSON',
  }),
  choices_empty: atStep({
    it: '"choices" deve essere un array non vuoto',
    en: '"choices" must be a non-empty array',
  }),
  media_invalid: atStep({ it: '"media" non valido', en: 'invalid "media"' }),
  scoring_not_object: atStep({
    it: 'scoring non valido: deve essere un oggetto',
    en: 'invalid scoring: must be an object',
  }),
  scoring_number: atStep({
    it: 'scoring non valido: "{{path}}" deve essere un numero',
    en: 'invalid scoring: "{{path}}" must be a number',
  }),
  scoring_range: atStep({
    it: 'scoring non valido: "{{path}}" deve essere un numero intero tra {{min}} e {{max}}',
    en: 'invalid scoring: "{{path}}" must be a whole number from {{min}} to {{max}}',
  }),
  scoring_object: atStep({
    it: 'scoring non valido: "{{path}}" deve essere un oggetto',
    en: 'invalid scoring: "{{path}}" must be an object',
  }),
  scoring_quick_award_array: atStep({
    it: 'scoring non valido: "quick_award" deve essere un array',
    en: 'invalid scoring: "quick_award" must be an array',
  }),
  scoring_combine: atStep({
    it: 'scoring non valido: "combine" deve essere "sum" o "max"',
    en: 'invalid scoring: "combine" must be "sum" or "max"',
  }),
  text_too_long: {
    it: '"{{path}}" è troppo lungo: al massimo {{max}} caratteri',
    en: '"{{path}}" is too long: at most {{max}} characters',
  },
  step_text_too_long: atStep({
    it: '"{{path}}" è troppo lungo: al massimo {{max}} caratteri',
    en: '"{{path}}" is too long: at most {{max}} characters',
  }),
  choices_too_many: atStep({
    it: '"choices" può contenere al massimo {{max}} scelte',
    en: '"choices" may hold at most {{max}} choices',
  }),
  review_invalid: atStep({
    it: '"review" deve essere "auto" o "staff", e "staff" vale solo per i passi foto e testo',
    en: '"review" must be "auto" or "staff", and "staff" applies only to photo and text steps',
  }),
  also_accept_invalid: atStep({
    it: '"also_accept" deve essere un elenco di al massimo {{max}} risposte, e vale solo per i passi testo, codice e QR',
    en: '"also_accept" must be a list of at most {{max}} answers, and applies only to text, code and QR steps',
  }),
  hints_invalid: atStep({
    it: '"{{path}}" non è valido: al massimo {{max}} suggerimenti, ognuno con un testo, un costo da 0 a 1000 punti e un ritardo da 0 a 86400 secondi',
    en: '"{{path}}" is not valid: at most {{max}} hints, each with a text, a cost from 0 to 1000 points and a delay from 0 to 86400 seconds',
  }),
  relaxed_match_invalid: atStep({
    it: '"relaxed_match" deve essere true o false',
    en: '"relaxed_match" must be true or false',
  }),
} satisfies Record<RouteJsonIssueCode, Texts>;
