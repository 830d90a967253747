import type { ImageField, TryReason } from '@tappa/contracts';
import { ApiError, type ApiErrorCode, type ApiErrorParams } from './api-error';
import { i18n, type TFunction } from './i18n';
import { IMAGE_FIELD_TEXTS } from './locales/error-details';

/** Failures that carry no reason a user could act on: the screen's own fallback says more. */
const UNEXPLAINED: readonly ApiErrorCode[] = ['network', 'internal'];

/**
 * The text of a failure the server explained: the catalogue text of the answer's code in the
 * current language, with its parameters. Null when it explained nothing (a network failure, an
 * internal error, a failure that is not an API call's), so that the screen shows its fallback.
 */
export function serverErrorText(error: unknown, t: TFunction): string | null {
  if (!(error instanceof ApiError) || UNEXPLAINED.includes(error.code)) return null;
  return codeText(error, t);
}

/**
 * The text of any failure: the catalogue text of an API error's code (the network's included);
 * 'Errore imprevisto' for anything else, whose own message is not for users.
 */
export function errorText(error: unknown, t: TFunction): string {
  return error instanceof ApiError ? codeText(error, t) : t('errors.internal');
}

/** The catalogue text of a try's reason: a wrong try, or the game's time running out. */
export function tryReasonText(reason: TryReason, t: TFunction): string {
  switch (reason.code) {
    case 'wrong_answer':
    case 'wrong_orientation':
      return t(`errors.try_reasons.${reason.code}`);
    case 'too_far':
      return t('errors.try_reasons.too_far', {
        distance_m: reason.distance_m,
        radius_m: reason.radius_m,
      });
    case 'time_up':
      return t(`errors.try_reasons.time_up_${reason.route_type}`);
  }
}

function codeText({ code, params }: ApiError, t: TFunction): string {
  if (code === 'route_json_invalid') return routeJsonText(params, t);
  if (code === 'image_type_refused' || code === 'image_too_large') {
    // The field is a key: the text names the image in words.
    return t(`errors.${code}`, { ...params, field: imageFieldText(params.field, t) });
  }
  return t(`errors.${code}`, params);
}

/** A route JSON refusal: the text of its issue, or the code's own text for an unknown issue. */
function routeJsonText(params: ApiErrorParams, t: TFunction): string {
  const key = `errors.route_json.${String(params.issue)}`;
  return i18n.exists(key) ? t(key, params) : t('errors.route_json_invalid');
}

function isImageField(value: unknown): value is ImageField {
  return typeof value === 'string' && Object.hasOwn(IMAGE_FIELD_TEXTS, value);
}

/** The word for an image field ('route_image' → 'Immagine della route'); an unknown one as is. */
function imageFieldText(field: ApiErrorParams[string] | undefined, t: TFunction): string {
  return isImageField(field) ? t(`errors.image_fields.${field}`) : String(field ?? '');
}
