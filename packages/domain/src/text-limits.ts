/**
 * The longest text a user may give each field (decision 0021), in UTF-16 code units: what
 * JavaScript's `length`, zod's `.max()` and the browser's `maxLength` all count. The server's
 * request schemas, the route JSON import and the web forms all read them from here.
 */

/** An e-mail address: the longest path RFC 5321 allows. */
export const EMAIL_MAX_LENGTH = 254;
/** A password; the identity library refuses longer ones too. */
export const PASSWORD_MAX_LENGTH = 128;
/** A person's display name, shown in the top bar beside the role badge. */
export const DISPLAY_NAME_MAX_LENGTH = 100;
/** A token or code the server issued (reset and verification links, access codes) as sent back. */
export const TOKEN_MAX_LENGTH = 256;

/** A team's name: it shows on every scoreboard row. */
export const TEAM_NAME_MAX_LENGTH = 60;
/** A team's members, comma-separated: about ten names of team-name length. */
export const TEAM_MEMBERS_MAX_LENGTH = 600;

/** A tenant or route slug, typed or derived from a name or title (never longer than those). */
export const SLUG_MAX_LENGTH = 100;
/** A tenant's name. */
export const TENANT_NAME_MAX_LENGTH = 100;
/** A tenant's company name and address. */
export const COMPANY_NAME_MAX_LENGTH = 200;
export const ADDRESS_MAX_LENGTH = 200;
export const CITY_MAX_LENGTH = 100;
export const POSTAL_CODE_MAX_LENGTH = 16;
/** Tax code, VAT number and SDI code. */
export const TAX_ID_MAX_LENGTH = 32;
/** Phone and mobile numbers. */
export const PHONE_MAX_LENGTH = 32;
/** A tenant's payoff: a line under the logo. */
export const PAYOFF_MAX_LENGTH = 500;
/** A tenant's or a route's description. */
export const DESCRIPTION_MAX_LENGTH = 5000;

/** A route's title. */
export const ROUTE_TITLE_MAX_LENGTH = 100;
/** A route's key elements. */
export const KEY_ELEMENTS_MAX_LENGTH = 1000;
/** Why a route asks its teams for their position (decision 0086), shown before they choose. */
export const LOCATION_PURPOSE_MAX_LENGTH = 500;
/** A step's place name. */
export const PLACE_MAX_LENGTH = 200;
/** A step's street address ('Piazza del Duomo 1, Firenze'), optional (decision 0065). */
export const STEP_ADDRESS_MAX_LENGTH = 200;
/** A step's task (the question). */
export const TASK_MAX_LENGTH = 2000;
/** A step's hint. */
export const HINT_MAX_LENGTH = 1000;
/** One choice of a choice step. */
export const CHOICE_MAX_LENGTH = 200;
/** Choices of a choice step (and so the most a team may select). */
export const STEP_CHOICES_MAX = 20;
/**
 * A step's expected answer, and a team's typed answer: room for every choice of a
 * multiple-choice step written as a JSON array.
 */
export const CHECK_ANSWER_MAX_LENGTH = 5000;
/** Hints of a step besides the spec's `hint` (`hints`, decision 0085). */
export const STEP_HINTS_MAX = 5;
/** Other answers a text, code or QR step accepts besides its own (`also_accept`, decision 0085). */
export const ALSO_ACCEPT_MAX = 10;
/** A media item's URL. */
export const MEDIA_URL_MAX_LENGTH = 2048;
/** A media item's caption and its alternative text. */
export const MEDIA_CAPTION_MAX_LENGTH = 500;
/** A media item's MIME type (RFC 6838 allows 127 + 1 + 127). */
export const MIME_TYPE_MAX_LENGTH = 255;
/** A media item's media-library code. */
export const MEDIA_CODE_MAX_LENGTH = 100;

/** A price list row's discount code. */
export const DISCOUNT_CODE_MAX_LENGTH = 50;

/** Why staff gave or took points, or helped a team (the live console, issue 31). */
export const SCORE_REASON_MAX_LENGTH = 200;

/** A message of the organiser or of a team during the event (issue 35). */
export const MESSAGE_MAX_LENGTH = 1000;
