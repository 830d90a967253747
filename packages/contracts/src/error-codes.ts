import type { RouteJsonIssue } from '@tappa/domain';

/**
 * Every error the API answers with, and its HTTP status: a closed set. The server sends the code
 * with its parameters; the web shows the text of the code from its catalogue (the spec's texts),
 * so no user-visible error text comes from the server. No schema library here: player pages
 * import it.
 */
export const ERROR_STATUS = {
  // Generic answers, when nothing more precise applies.
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  body_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  database_unavailable: 503,

  // Accounts and access.
  csrf_header_missing: 403,
  sign_in_failed: 401,
  account_inactive: 403,
  profile_missing: 403,
  superadmin_only: 403,
  too_many_sign_ins: 429,
  too_many_reset_requests: 429,
  reset_link_invalid: 400,
  password_too_short: 400,
  email_taken: 409,
  user_not_found: 404,
  email_unchangeable: 400,
  own_account_protected: 403,
  last_superadmin: 409,
  user_not_orphan: 409,
  role_account_unknown: 404,
  role_superadmin: 409,
  role_own_tenant: 409,
  staff_exists: 409,
  staff_not_own_account: 409,
  last_tenant_admin: 409,

  // Platform settings.
  test_email_failed: 502,
  // The superadmin's backups (issue 32, decision 0078).
  backup_not_found: 404,
  backup_running: 409,
  backup_password_wrong: 403,
  backup_link_invalid: 403,

  // Tenants.
  tenant_not_found: 404,
  tenant_unavailable: 403,
  tenant_read_only: 403,
  tenant_slug_taken: 409,
  tenant_slug_reserved: 409,
  time_zone_unknown: 400,

  // Uploads.
  multipart_required: 415,
  form_file_unexpected: 400,
  form_data_missing: 400,
  form_data_invalid: 400,
  image_missing: 400,
  image_type_refused: 415,
  image_too_large: 413,
  file_not_found: 404,

  // Media libraries.
  media_folder_not_found: 404,
  media_folder_name_invalid: 400,
  media_file_not_found: 404,
  media_file_missing: 400,
  media_file_too_large: 413,
  media_quota_exceeded: 413,
  media_file_in_use: 409,

  // Routes, price lists, access codes, route JSON.
  route_not_found: 404,
  route_slug_taken: 409,
  slug_invalid: 400,
  slug_required: 400,
  route_json_invalid: 400,
  price_window_reversed: 400,
  price_row_not_found: 404,
  route_without_codes: 409,
  access_codes_collided: 409,
  access_code_not_found: 404,
  access_code_redeemed: 409,

  // Players and the route choice.
  player_session_invalid: 401,
  team_name_required: 400,
  registration_not_found: 404,
  team_not_found: 404,
  verification_token_invalid: 400,
  verification_token_not_found: 404,
  verification_token_expired: 400,
  email_already_verified: 409,
  verification_mail_failed: 503,
  too_many_verification_mails: 429,
  verification_not_needed: 409,
  route_unavailable: 409,
  route_without_price: 409,
  access_code_missing: 400,
  access_code_invalid: 404,
  access_code_used: 409,

  // Payments (decision 0044).
  discount_code_invalid: 400,
  payments_not_connected: 409,
  payment_provider_failed: 502,
  payment_webhook_refused: 400,
  // Staff's payments list and refunds (decision 0046).
  payment_not_found: 404,
  payment_not_refundable: 409,
  route_payment_refunded: 409,

  // Games.
  game_not_found: 404,
  step_not_found: 404,
  game_over: 409,
  step_done: 409,
  step_not_current: 409,
  skip_not_allowed: 409,
  finish_not_allowed: 409,
  position_missing: 400,
  photo_missing: 400,
  photo_not_found: 404,
  too_many_tries: 429,
  // The live console's ledger (issue 31, decision 0069).
  event_not_found: 404,
  event_not_undoable: 409,
  event_already_undone: 409,
  step_not_skipped: 409,
  step_not_pending: 409,
  // Another phone of the team (decision 0066).
  handoff_code_invalid: 404,
  handoff_code_used: 409,
  handoff_code_expired: 410,
  handoff_game_finished: 409,
  // The photo album (decision 0082).
  album_empty: 404,
  album_too_large: 409,
  // A team's own results (decision 0088): only once its game is over.
  game_not_over: 409,
  // Photo review (decision 0083).
  review_item_not_found: 404,
  review_claimed: 409,
  review_decided: 409,
  review_not_decided: 409,
  review_undo_too_late: 409,
  review_points_too_many: 400,
  // Hints with a cost and a delay (decision 0085).
  hint_not_found: 404,
  hint_not_reached: 409,
  hint_locked: 409,
  hint_already_taken: 409,
  hint_budget_spent: 409,
  // One clock for the event (decision 0085).
  event_not_started: 409,
  event_paused: 409,
  event_times_invalid: 400,
  // The live map (decision 0086).
  location_not_asked: 409,
  location_not_shared: 409,
  fix_time_invalid: 400,
  // Messages during the event (decision 0084).
  message_not_found: 404,
  message_already_sent: 409,
  message_send_at_past: 400,
  message_rate_limited: 429,

  // Scoreboards.
  scoreboard_empty: 404,
  too_many_streams: 429,
} as const satisfies Record<string, number>;

/** A stable error code. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Every error code. */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The uploaded images an error can name. */
export type ImageField =
  | 'logo'
  | 'favicon'
  | 'footer_logo'
  | 'brand_logo'
  | 'brand_favicon'
  | 'route_image'
  | 'avatar'
  | 'photo';

/** The parameters of the codes whose text takes some (the rest take none). */
export interface ErrorParamMap {
  validation_failed: { fields: string };
  rate_limited: { retry_after_s: number };
  database_unavailable: { retry_after_s: number };
  body_too_large: { max_kb: number };
  too_many_sign_ins: { retry_after_s: number };
  too_many_tries: { retry_after_s: number };
  password_too_short: { min: number };
  email_taken: { email: string };
  role_account_unknown: { email: string };
  role_own_tenant: { email: string };
  staff_exists: { email: string };
  test_email_failed: { reason: string };
  tenant_slug_taken: { slug: string };
  tenant_slug_reserved: { slug: string };
  time_zone_unknown: { time_zone: string };
  route_slug_taken: { slug: string };
  form_file_unexpected: { field: string };
  image_type_refused: { field: ImageField; allowed: string };
  image_too_large: { field: ImageField; max_kb: number };
  route_json_invalid: RouteJsonIssue;
  media_file_too_large: { max_mb: number };
  media_quota_exceeded: { quota_mb: number; used_mb: number };
  /** The steps that show the file, as `Route title: N. Place`, comma-separated. */
  media_file_in_use: { steps: string };
  /** The number (from 1) of the step the game is on: the only one a try or skip may be for. */
  step_not_current: { step_number: number };
  /** The most points the step gives: a judge's points may not pass it (decision 0083). */
  review_points_too_many: { max: number };
  /** The seconds until the hint unlocks (decision 0085). */
  hint_locked: { retry_after_s: number };
  /** The points left of the route's hint budget (decision 0085). */
  hint_budget_spent: { left: number };
  /** The seconds until the event starts (decision 0085). */
  event_not_started: { retry_after_s: number };
  /** A team's lines to the organiser: at most TEAM_MESSAGE_LIMIT (decision 0084). */
  message_rate_limited: { retry_after_s: number };
}

/** The parameters of `C`'s text. */
export type ErrorParams<C extends ErrorCode> = C extends keyof ErrorParamMap
  ? ErrorParamMap[C]
  : Record<string, never>;

/** A parameter value: shown as it is in the text. */
export type ErrorParamValue = string | number;
