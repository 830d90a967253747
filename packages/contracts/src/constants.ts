/** Constants shared by server and web; no schema library here, so the player app stays light. */

/** Stable error codes: the server maps each to an HTTP status; clients may branch on them. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'tenant_unavailable',
  'internal',
  'unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status for each error code. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  tenant_unavailable: 403,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<ErrorCode, number>;

/** Minimum password length everywhere (doc 1 §9). */
export const PASSWORD_MIN_LENGTH = 6;

/** Header every cookie-authenticated write must carry (CSRF protection); any value. */
export const CSRF_HEADER = 'x-tappa-csrf';

/** Country choices of doc 1 §3 (the web shows their Italian names). */
export const COUNTRY_CODES = [
  'IT',
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'CH',
  'GB',
  'US',
] as const;

/** How a route is unlocked (doc 2 §3); `is_free` follows: free and code true, paid false. */
export const ACCESS_TYPES = ['free', 'paid', 'code'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

/** Progressive routes are scored step by step; exploration routes are not scored. */
export const ROUTE_TYPES = ['progressive', 'exploration'] as const;

/** Time limit bounds of the route form (doc 2 §9). */
export const TIME_LIMIT_HOURS_MAX = 999;
export const TIME_LIMIT_MINUTES_MAX = 59;

/** Rows of a ranking list (doc 2 §9). */
export const SCOREBOARD_ROWS_MAX = 20;
/** Rows of the 'Top 3 Today' panel. */
export const TOP_TODAY_ROWS = 3;
/** The fallback refresh of every scoreboard when the event stream is unavailable (doc 2 §9). */
export const SCOREBOARD_REFRESH_MS = 5000;
/** The event name of a new ranking on the scoreboard stream. */
export const RANKINGS_EVENT = 'rankings';
