import type { ErrorCode, ErrorParamMap } from '@tappa/contracts';
import type { ApiErrorParams } from './api-error';
import { i18n } from './i18n';

/** An error answer as read: a code of the closed set with the parameters its text needs. */
export interface ErrorAnswer {
  code: ErrorCode;
  params: ApiErrorParams;
  /** The server's English detail, for developers and logs only. */
  message: string;
}

/** The parameters each code's text cannot do without. */
const REQUIRED_PARAMS: {
  [C in keyof ErrorParamMap]: readonly (keyof ErrorParamMap[C] & string)[];
} = {
  validation_failed: ['fields'],
  rate_limited: ['retry_after_s'],
  database_unavailable: ['retry_after_s'],
  body_too_large: ['max_kb'],
  too_many_sign_ins: ['retry_after_s'],
  too_many_tries: ['retry_after_s'],
  password_too_short: ['min'],
  email_taken: ['email'],
  role_account_unknown: ['email'],
  role_own_tenant: ['email'],
  staff_exists: ['email'],
  test_email_failed: ['reason'],
  tenant_slug_taken: ['slug'],
  tenant_slug_reserved: ['slug'],
  time_zone_unknown: ['time_zone'],
  route_slug_taken: ['slug'],
  form_file_unexpected: ['field'],
  image_type_refused: ['field', 'allowed'],
  image_too_large: ['field', 'max_kb'],
  route_json_invalid: ['issue'],
  media_file_too_large: ['max_mb'],
  media_quota_exceeded: ['quota_mb', 'used_mb'],
  media_file_in_use: ['steps'],
  step_not_current: ['step_number'],
  review_points_too_many: ['max'],
  hint_locked: ['retry_after_s'],
  hint_budget_spent: ['left'],
  event_not_started: ['retry_after_s'],
  message_rate_limited: ['retry_after_s'],
};

/**
 * The generic codes (their texts take no parameters) for an answer whose own code cannot be
 * shown; a 429 without its wait reads as 'try again'.
 */
const GENERIC_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'unavailable',
  502: 'unavailable',
  503: 'unavailable',
  504: 'unavailable',
};

/** The generic code of an HTTP status. */
function genericCode(status: number): ErrorCode {
  return GENERIC_CODES[status] ?? (status >= 400 && status < 500 ? 'bad_request' : 'internal');
}

/**
 * Reads the `{ error: { code, params, message } }` body of a failed answer, checked by hand (no
 * schema library on player pages). A code without a text, or without the parameters its text
 * needs, falls back to the generic code of the status.
 */
export function readErrorBody(json: unknown, status: number): ErrorAnswer {
  const body = isRecord(json) ? json.error : undefined;
  const fallback = `Request failed with status ${status}`;
  if (!isRecord(body)) return { code: genericCode(status), params: {}, message: fallback };
  const message = typeof body.message === 'string' ? body.message : fallback;
  const params = readParams(body.params);
  const code = body.code;
  if (!isShownCode(code) || !hasRequiredParams(code, params)) {
    return { code: genericCode(status), params: {}, message };
  }
  return { code, params, message };
}

/**
 * Whether the web can show `code`: its text is in the catalogue loaded now. The list of codes is
 * the catalogue's (a new code without its texts fails the typecheck), so the phone carries no
 * second copy of it; an administration's code met on a player page reads as its status.
 */
function isShownCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && i18n.exists(`errors.${code}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The string and number entries of a `params` object (anything else is dropped). */
function readParams(value: unknown): ApiErrorParams {
  if (!isRecord(value)) return {};
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return Object.fromEntries(entries);
}

function takesParams(code: ErrorCode): code is keyof ErrorParamMap {
  return code in REQUIRED_PARAMS;
}

/** Whether every parameter `code`'s text needs is there (a number, or a non-empty string). */
function hasRequiredParams(code: ErrorCode, params: ApiErrorParams): boolean {
  const required: readonly string[] = takesParams(code) ? REQUIRED_PARAMS[code] : [];
  return required.every((name) => {
    const value = params[name];
    return typeof value === 'number' || (typeof value === 'string' && value !== '');
  });
}
