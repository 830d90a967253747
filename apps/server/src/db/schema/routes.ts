import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  time,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { ACCESS_TYPES, ROUTE_TYPES } from '@tappa/contracts';
import {
  CHECK_TYPES,
  DISCOUNT_TYPES,
  type MediaItem,
  type ScoringConfig,
  type StepHint,
  STEP_REVIEW_MODES,
} from '@tappa/domain';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { tenantOwner } from './tenants';
import { users } from './users';

/** A quest route of a tenant: ordered steps, access rules and limits. */
export const routes = pgTable(
  'routes',
  {
    id: id(),
    tenant_id: tenantOwner(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    key_elements: text('key_elements'),
    image_url: text('image_url'),
    is_flash: boolean('is_flash').notNull().default(false),
    is_active: boolean('is_active').notNull().default(true),
    is_free: boolean('is_free').notNull().default(true),
    access_type: text('access_type', { enum: ACCESS_TYPES }).notNull().default('free'),
    geolocation_enabled: boolean('geolocation_enabled').notNull().default(true),
    route_type: text('route_type', { enum: ROUTE_TYPES }).notNull().default('progressive'),
    time_limit_enabled: boolean('time_limit_enabled').notNull().default(false),
    time_limit_hours: integer('time_limit_hours').notNull().default(0),
    time_limit_minutes: integer('time_limit_minutes').notNull().default(0),
    date_start: timestamptz('date_start'),
    date_end: timestamptz('date_end'),
    /** The most points a team's hints may cost in a game (decision 0085); null: no cap. */
    hint_budget: integer('hint_budget'),
    /**
     * One clock for the event (decision 0085): every game created before `event_start_at`
     * starts then; at `event_end_at` every open game ends as a time-out does. On the route's row
     * (unlike the console's `route_live`) so that a change makes every cached try read again.
     */
    event_start_at: timestamptz('event_start_at'),
    event_end_at: timestamptz('event_end_at'),
    /** 'Pausa per tutti' under way since then; null: the event plays. */
    event_paused_at: timestamptz('event_paused_at'),
    /** When the open games were ended at `event_end_at` (the due job's mark); null: not yet. */
    event_closed_at: timestamptz('event_closed_at'),
    /** Teams are asked to share their position with the organisers (decision 0086). */
    location_sharing: boolean('location_sharing').notNull().default(false),
    /** Why, as the organiser wrote it for the teams; null without one. */
    location_purpose: text('location_purpose'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    unique('routes_tenant_slug_key').on(t.tenant_id, t.slug),
    index('routes_tenant_created_idx').on(t.tenant_id, t.created_at.desc()),
    check('routes_access_type_check', sql`${t.access_type} in ('free', 'paid', 'code')`),
    check('routes_route_type_check', sql`${t.route_type} in ('progressive', 'exploration')`),
    check('routes_time_limit_hours_check', sql`${t.time_limit_hours} between 0 and 999`),
    check('routes_time_limit_minutes_check', sql`${t.time_limit_minutes} between 0 and 59`),
    check('routes_hint_budget_check', sql`${t.hint_budget} >= 0`),
    check('routes_event_times_check', sql`${t.event_end_at} > ${t.event_start_at}`),
    index('routes_event_end_idx')
      .on(t.event_end_at)
      .where(sql`${t.event_end_at} is not null and ${t.event_closed_at} is null`),
  ],
);

/** `route_id` of a row the route owns: required, and deleted with the route. */
export const routeOwner = () =>
  uuid('route_id')
    .notNull()
    .references(() => routes.id, { onDelete: 'cascade' });

/** One place of a route with its task and how the answer is checked. */
export const steps = pgTable(
  'steps',
  {
    id: id(),
    route_id: routeOwner(),
    ord: integer('ord').notNull(),
    place: text('place').notNull(),
    /** Optional street address shown to teams under the place (decision 0065). */
    address: text('address'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    radius_m: integer('radius_m').notNull(),
    task: text('task').notNull(),
    hint: text('hint'),
    check_type: text('check_type', { enum: CHECK_TYPES }).notNull(),
    check_answer: text('check_answer'),
    orientation_deg: integer('orientation_deg'),
    media: jsonb('media').$type<MediaItem[]>().notNull().default([]),
    choices: jsonb('choices').$type<string[]>(),
    multiple: boolean('multiple').notNull().default(false),
    photo_check_type: text('photo_check_type'),
    scoring: jsonb('scoring').$type<ScoringConfig>(),
    /** Who decides a photo or text answer: the spec's rule, or staff review (decision 0083). */
    review: text('review', { enum: STEP_REVIEW_MODES }).notNull().default('auto'),
    /** Hints after `hint`, each with its cost and unlock delay (decision 0085). */
    hints: jsonb('hints').$type<StepHint[]>().notNull().default([]),
    /** Other answers a text, code or QR step accepts (decision 0085). */
    also_accept: jsonb('also_accept').$type<string[]>().notNull().default([]),
    /** Case, accents and spaces folded (true), exact (false), the spec's rule (null; 0085). */
    relaxed_match: boolean('relaxed_match'),
    created_at: createdAt(),
  },
  (t) => [
    // A route's steps in their order (`ord`; `id` between two of the same `ord`, as a fix's step).
    index('steps_route_ord_idx').on(t.route_id, t.ord, t.id),
    check(
      'steps_check_type_check',
      sql`${t.check_type} in ('text', 'qr', 'code', 'choice', 'photo')`,
    ),
    check(
      'steps_orientation_check',
      sql`${t.orientation_deg} is null or ${t.orientation_deg} in (0, 90, 180, 270)`,
    ),
    check('steps_radius_check', sql`${t.radius_m} > 0`),
    check(
      'steps_review_check',
      sql`${t.review} = 'auto' or (${t.review} = 'staff' and ${t.check_type} in ('photo', 'text'))`,
    ),
  ],
);

/** A price list row: a cost valid in a date and time window, optionally discounted. */
export const routePricing = pgTable(
  'route_pricing',
  {
    id: id(),
    route_id: routeOwner(),
    tenant_id: tenantOwner(),
    date_from: date('date_from', { mode: 'string' }).notNull(),
    time_from: time('time_from').notNull().default('00:00'),
    date_to: date('date_to', { mode: 'string' }).notNull(),
    time_to: time('time_to').notNull().default('23:59'),
    cost_euro: numeric('cost_euro', { precision: 10, scale: 2 }).notNull(),
    is_priority: integer('is_priority').notNull().default(0),
    discount_code: text('discount_code'),
    discount_type: text('discount_type', { enum: DISCOUNT_TYPES }).notNull().default('percentage'),
    discount_percentage: numeric('discount_percentage', { precision: 5, scale: 2 }),
    discount_price: numeric('discount_price', { precision: 10, scale: 2 }),
    created_at: createdAt(),
  },
  (t) => [
    index('route_pricing_route_idx').on(t.route_id, t.date_from.desc()),
    check('route_pricing_discount_type_check', sql`${t.discount_type} in ('percentage', 'fixed')`),
    check('route_pricing_cost_check', sql`${t.cost_euro} >= 0`),
  ],
);

/** A single-use code that unlocks a route whose access type is `code`. */
export const routeAccessCodes = pgTable(
  'route_access_codes',
  {
    id: id(),
    tenant_id: tenantOwner(),
    route_id: routeOwner(),
    code: text('code').notNull(),
    is_used: boolean('is_used').notNull().default(false),
    used_at: timestamptz('used_at'),
    used_by_email: text('used_by_email'),
    created_at: createdAt(),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('route_access_codes_route_code_key').on(t.route_id, t.code),
    index('route_access_codes_tenant_route_idx').on(t.tenant_id, t.route_id, t.is_used),
  ],
);
