import {
  ACCESS_CODE_BATCH_MAX,
  ACCESS_CODE_BATCH_MIN,
  CHECK_TYPES,
  DESCRIPTION_MAX_LENGTH,
  HINT_BUDGET_MAX,
  LOCATION_PURPOSE_MAX_LENGTH,
  DISCOUNT_CODE_MAX_LENGTH,
  DISCOUNT_TYPES,
  ROUTE_TITLE_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  STEP_REVIEW_MODES,
} from '@tappa/domain';
import { z } from 'zod';
import {
  ACCESS_TYPES,
  PRICE_EURO_MAX,
  PRICE_PRIORITY_MAX,
  ROUTE_TYPES,
  TIME_LIMIT_HOURS_MAX,
  TIME_LIMIT_MINUTES_MAX,
} from './constants';
import { CalendarDateSchema, ClockTimeSchema, InstantSchema } from './dates';

/** A route as the route management lists it (`routes.list`, newest first). */
export const RouteSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  key_elements: z.string().nullable(),
  image_url: z.string().nullable(),
  is_flash: z.boolean(),
  is_active: z.boolean(),
  is_free: z.boolean(),
  access_type: z.enum(ACCESS_TYPES),
  geolocation_enabled: z.boolean(),
  route_type: z.enum(ROUTE_TYPES),
  time_limit_enabled: z.boolean(),
  time_limit_hours: z.number().int(),
  time_limit_minutes: z.number().int(),
  date_start: z.string().nullable(),
  date_end: z.string().nullable(),
  /** The most points hints may cost a team in a game (decision 0085); null: no cap. */
  hint_budget: z.number().int().nullable(),
  /** One clock for the event (decision 0085): every game starts at `event_start` (ISO)… */
  event_start: z.string().nullable(),
  /** …and every open game ends at `event_end` as a time-out does. */
  event_end: z.string().nullable(),
  /** Teams are asked to share their position with the organisers (decision 0086)… */
  location_sharing: z.boolean(),
  /** …for this purpose, shown to them before they choose. */
  location_purpose: z.string().nullable(),
  created_at: z.string(),
  step_count: z.number().int(),
});
export type RouteSummary = z.infer<typeof RouteSummarySchema>;

export const RouteListResponseSchema = z.object({ routes: z.array(RouteSummarySchema) });
export type RouteListResponse = z.infer<typeof RouteListResponseSchema>;

/**
 * `routes.create` (create: slug optional, derived from the title) and
 * `PUT …/routes/{id}` (edit: slug required). Dates are ISO date-times or null.
 */
export const RouteFormSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(ROUTE_TITLE_MAX_LENGTH),
  slug: z.string().trim().max(SLUG_MAX_LENGTH).nullable(),
  description: z.string().max(DESCRIPTION_MAX_LENGTH).nullable(),
  access_type: z.enum(ACCESS_TYPES),
  route_type: z.enum(ROUTE_TYPES),
  geolocation_enabled: z.boolean(),
  time_limit_enabled: z.boolean(),
  time_limit_hours: z.number().int().min(0).max(TIME_LIMIT_HOURS_MAX),
  time_limit_minutes: z.number().int().min(0).max(TIME_LIMIT_MINUTES_MAX),
  date_start: InstantSchema.nullable(),
  date_end: InstantSchema.nullable(),
  /** Absent: no cap, as before hints had costs (decision 0085). */
  hint_budget: z.number().int().min(0).max(HINT_BUDGET_MAX).nullable().default(null),
  /** The event's start and end (decision 0085); absent: none. The end comes after the start. */
  event_start: InstantSchema.nullable().default(null),
  event_end: InstantSchema.nullable().default(null),
  /** Absent: off, as before the live map (decision 0086). */
  location_sharing: z.boolean().default(false),
  location_purpose: z.string().trim().max(LOCATION_PURPOSE_MAX_LENGTH).nullable().default(null),
});
export type RouteForm = z.infer<typeof RouteFormSchema>;

/** `PATCH …/routes/{id}/active`: the enable/disable toggle. */
export const RouteActiveSchema = z.object({ is_active: z.boolean() });
export type RouteActive = z.infer<typeof RouteActiveSchema>;

/**
 * `POST …/routes/import` (insert, or update the route with the same slug) and
 * `PUT …/routes/{id}/json` (replace this route, the slug may change): the JSON text as typed
 * or read from a file, validated on the server with the spec's Italian messages.
 */
export const RouteJsonRequestSchema = z.object({ json: z.string().min(1) });
export type RouteJsonRequest = z.infer<typeof RouteJsonRequestSchema>;
export const RouteImportResponseSchema = z.object({
  route: RouteSummarySchema,
  created: z.boolean(),
});
export type RouteImportResponse = z.infer<typeof RouteImportResponseSchema>;

const MediaItemSchema = z.object({
  type: z.enum(['image', 'audio', 'video']),
  url: z.string(),
  caption: z.string().optional(),
  alt: z.string().optional(),
  mime_type: z.string().optional(),
  code: z.string().optional(),
});

/** A step as its route's staff see and edit it (answers included: never sent to players). */
export const AdminStepSchema = z.object({
  id: z.string(),
  ord: z.number().int(),
  place: z.string(),
  /** The optional street address shown to teams under the place (decision 0065). */
  address: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  radius_m: z.number(),
  task: z.string(),
  hint: z.string().nullable(),
  check_type: z.enum(CHECK_TYPES),
  check_answer: z.string().nullable(),
  orientation_deg: z.number().int().nullable(),
  media: z.array(MediaItemSchema),
  choices: z.array(z.string()).nullable(),
  multiple: z.boolean(),
  scoring: z.record(z.string(), z.unknown()).nullable(),
  /** Who decides a photo or text answer (decision 0083). */
  review: z.enum(STEP_REVIEW_MODES),
  /** Hints after `hint`, each with its cost and unlock delay (decision 0085). */
  hints: z.array(z.object({ text: z.string(), cost: z.number(), unlock_after_s: z.number() })),
  /** Other answers a text, code or QR step accepts (decision 0085). */
  also_accept: z.array(z.string()),
  /** Case, accents and spaces folded (true), exact (false), the spec's rule (null; 0085). */
  relaxed_match: z.boolean().nullable(),
});
export type AdminStep = z.infer<typeof AdminStepSchema>;

export const StepListResponseSchema = z.object({ steps: z.array(AdminStepSchema) });
export type StepListResponse = z.infer<typeof StepListResponseSchema>;

/**
 * `PUT …/routes/{id}/steps`: the route's whole ordered step list from the step editor, each step
 * in the route JSON step format (orientation nord/est/sud/ovest) and validated by the same rules
 * as an import. A step with the `id` of an existing step is updated in place (games keep their
 * progress on it); steps without id are added; steps left out are deleted.
 */
export const StepsWriteRequestSchema = z.object({
  steps: z.array(z.record(z.string(), z.unknown())),
});
export type StepsWriteRequest = z.infer<typeof StepsWriteRequestSchema>;

/** A price list row (costs as decimal strings with two decimals). */
export const PricingRowSchema = z.object({
  id: z.string(),
  date_from: z.string(),
  time_from: z.string(),
  date_to: z.string(),
  time_to: z.string(),
  cost_euro: z.string(),
  is_priority: z.number().int(),
  discount_code: z.string().nullable(),
  discount_type: z.enum(DISCOUNT_TYPES),
  discount_percentage: z.string().nullable(),
  discount_price: z.string().nullable(),
});
export type PricingRow = z.infer<typeof PricingRowSchema>;

export const PricingListResponseSchema = z.object({ pricing: z.array(PricingRowSchema) });
export type PricingListResponse = z.infer<typeof PricingListResponseSchema>;

const Money = z.number().min(0).max(PRICE_EURO_MAX).multipleOf(0.01);

/** `POST …/routes/{id}/pricing`: one row of 'Gestione Listini'. */
export const PricingCreateSchema = z.object({
  date_from: CalendarDateSchema,
  time_from: ClockTimeSchema,
  date_to: CalendarDateSchema,
  time_to: ClockTimeSchema,
  cost_euro: Money,
  is_priority: z.number().int().min(0).max(PRICE_PRIORITY_MAX).default(0),
  discount_code: z.string().trim().max(DISCOUNT_CODE_MAX_LENGTH).nullable(),
  discount_type: z.enum(DISCOUNT_TYPES),
  discount_percentage: z.number().min(0).max(100).nullable(),
  discount_price: Money.nullable(),
});
export type PricingCreate = z.input<typeof PricingCreateSchema>;
export type PricingCreateValues = z.output<typeof PricingCreateSchema>;

/** `DELETE …/routes/{id}/scoreboard` and the superadmin's daily reset: rows removed. */
export const ScoreboardResetResponseSchema = z.object({ entries_affected: z.number().int() });
export type ScoreboardResetResponse = z.infer<typeof ScoreboardResetResponseSchema>;

/** An access code of a route as its staff see it. */
export const AccessCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  is_used: z.boolean(),
  used_at: z.string().nullable(),
  /** The team that used the code: its e-mail, and its name while the team is registered. */
  used_by_email: z.string().nullable(),
  used_by_team: z.string().nullable(),
  created_at: z.string(),
});
export type AccessCode = z.infer<typeof AccessCodeSchema>;
export const AccessCodeListSchema = z.object({ codes: z.array(AccessCodeSchema) });
export type AccessCodeList = z.infer<typeof AccessCodeListSchema>;

/** `POST …/routes/{id}/access-codes`: how many codes to generate (1–1000). */
export const GenerateCodesRequestSchema = z.object({
  count: z.number().int().min(ACCESS_CODE_BATCH_MIN).max(ACCESS_CODE_BATCH_MAX),
});
export type GenerateCodesRequest = z.infer<typeof GenerateCodesRequestSchema>;
