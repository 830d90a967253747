/** Constants shared by server and web; no schema library here, so the player app stays light. */

/** Minimum password length everywhere (doc 1 §9). */
export const PASSWORD_MIN_LENGTH = 6;

/** Header every cookie-authenticated write must carry (CSRF protection), with `CSRF_HEADER_VALUE`. */
export const CSRF_HEADER = 'x-tappa-csrf';

/** The one value of `CSRF_HEADER` the server takes: what the web app sends (decision 0059). */
export const CSRF_HEADER_VALUE = '1';

/** The longest IANA time zone name a tenant may store (the longest known has 30 characters). */
export const TIME_ZONE_MAX_LENGTH = 64;

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
/** The event name of the live console's whole state on its stream (`live.stream`). */
export const LIVE_CONSOLE_EVENT = 'console';
/** The event name of what changed on the console since the stream's previous event. */
export const LIVE_CONSOLE_CHANGE_EVENT = 'console-change';
/** The event name of a game's live state on the team's stream (`gameLive.stream`). */
export const GAME_LIVE_EVENT = 'game';

/** The event name of `review.wallStream`: a route's photo wall (decision 0083). */
export const WALL_EVENT = 'wall';

/** Largest amount in euro a price list holds (its columns are numeric(10, 2)). */
export const PRICE_EURO_MAX = 99_999_999.99;
/** Largest priority of a price list row (an integer column). */
export const PRICE_PRIORITY_MAX = 2_147_483_647;
