import { sql } from 'drizzle-orm';
import { GAME_EVENT_KINDS, LEDGER_KINDS, LOCATION_SHARING_CHOICES } from '@tappa/domain';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  type AnyPgColumn,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { routeOwner, routes, steps } from './routes';
import { tenantOwner } from './tenants';

export const GAME_STATUSES = ['active', 'paused', 'completed'] as const;
export const GAME_STEP_STATUSES = ['pending', 'ok', 'skipped'] as const;

/** A team's play of a route. */
export const games = pgTable(
  'games',
  {
    id: id(),
    tenant_id: tenantOwner(),
    route_id: routeOwner(),
    team_name: text('team_name').notNull(),
    owner_email: text('owner_email').notNull(),
    team_avatar_url: text('team_avatar_url'),
    status: text('status', { enum: GAME_STATUSES }).notNull().default('active'),
    current_step_index: integer('current_step_index').notNull().default(0),
    total_score: integer('total_score').notNull().default(0),
    created_at: createdAt(),
    started_at: timestamptz('started_at'),
    paused_at: timestamptz('paused_at'),
    finished_at: timestamptz('finished_at'),
    /**
     * The team's last contact with the game on the server's clock (start, resume, opening the
     * game screen, a try, a skip, a photo): 15 minutes without any counts as paused (0039).
     */
    last_active_at: timestamptz('last_active_at').notNull().defaultNow(),
    /**
     * When a step of the game last ended, solved or skipped, by the team or by staff: the
     * console's "stuck" counts from it (decision 0070); null until the first.
     */
    last_progress_at: timestamptz('last_progress_at'),
    /**
     * When the game's clock counts from (decision 0085): its event's start when it was created
     * before it, moved on by every 'Pausa per tutti' it lived through; null: `created_at`.
     */
    clock_at: timestamptz('clock_at'),
    /** Minutes staff added to the route's time limit for this game (a help action, issue 31). */
    time_extension_minutes: integer('time_extension_minutes').notNull().default(0),
    /**
     * The team's answer on a route that asks for positions (decision 0086): `shared`,
     * `declined` or `suspended` ('Sospendi condivisione'); null: not asked (yet).
     */
    location_sharing: text('location_sharing', { enum: LOCATION_SHARING_CHOICES }),
    updated_at: updatedAt(),
  },
  (t) => [
    index('games_owner_idx').on(t.tenant_id, t.owner_email, t.status),
    index('games_route_idx').on(t.tenant_id, t.route_id, t.status),
    index('games_started_idx').on(t.tenant_id, t.started_at),
    check('games_status_check', sql`${t.status} in ('active', 'paused', 'completed')`),
    check(
      'games_location_sharing_check',
      sql`${t.location_sharing} in ('shared', 'declined', 'suspended')`,
    ),
  ],
);

/** The state of one step within a game: attempts, timing and points. */
export const gameSteps = pgTable(
  'game_steps',
  {
    id: id(),
    game_id: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    step_id: uuid('step_id')
      .notNull()
      .references(() => steps.id, { onDelete: 'cascade' }),
    status: text('status', { enum: GAME_STEP_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    first_attempt_ms: bigint('first_attempt_ms', { mode: 'number' }),
    started_ms: bigint('started_ms', { mode: 'number' }),
    ended_ms: bigint('ended_ms', { mode: 'number' }),
    points: integer('points').notNull().default(0),
    distance_m: integer('distance_m'),
    heading_ok: boolean('heading_ok'),
    photo_url: text('photo_url'),
    // The wrong tries the step has left (domain/limits.ts, WRONG_TRIES); null when never used.
    wrong_try_tokens: doublePrecision('wrong_try_tokens'),
    wrong_try_tokens_ms: bigint('wrong_try_tokens_ms', { mode: 'number' }),
    created_at: createdAt(),
  },
  (t) => [
    unique('game_steps_game_step_key').on(t.game_id, t.step_id),
    check('game_steps_status_check', sql`${t.status} in ('pending', 'ok', 'skipped')`),
  ],
);

/** The scoreboard row of a team on a route: one per tenant, route and e-mail. */
export const liveHeartbeat = pgTable(
  'live_heartbeat',
  {
    id: id(),
    tenant_id: tenantOwner(),
    route_id: routeOwner(),
    team_name: text('team_name').notNull(),
    email: text('email').notNull(),
    score: integer('score').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    total: integer('total').notNull().default(0),
    last_seen: timestamptz('last_seen').notNull().defaultNow(),
  },
  (t) => [
    unique('live_heartbeat_tenant_route_email_key').on(t.tenant_id, t.route_id, t.email),
    // Rankings: score descending, then the earlier last_seen first; "today" filters last_seen.
    index('live_heartbeat_tenant_rank_idx').on(t.tenant_id, t.score.desc(), t.last_seen),
    index('live_heartbeat_route_rank_idx').on(t.tenant_id, t.route_id, t.score.desc(), t.last_seen),
    index('live_heartbeat_tenant_last_seen_idx').on(t.tenant_id, t.last_seen),
  ],
);

/** Replies already given to client-generated request ids, so a retry never applies twice. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenant_id: tenantOwner(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    status_code: integer('status_code').notNull(),
    response: text('response').notNull(),
    created_at: createdAt(),
  },
  (t) => [unique('idempotency_keys_scope_key').on(t.tenant_id, t.scope, t.key)],
);

/**
 * A code that moves a team's game to another phone (decision 0066): only the SHA-256 of the code
 * is stored; it is redeemed once (`used_at`) before `expires_at`.
 */
export const gameHandoffCodes = pgTable(
  'game_handoff_codes',
  {
    id: id(),
    tenant_id: tenantOwner(),
    game_id: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    expires_at: timestamptz('expires_at').notNull(),
    used_at: timestamptz('used_at'),
    created_at: createdAt(),
  },
  (t) => [
    unique('game_handoff_codes_tenant_code_unique').on(t.tenant_id, t.code_hash),
    index('game_handoff_codes_game_idx').on(t.game_id),
  ],
);

/** The SQL list of `values`, quoted, for a check constraint. */
const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A game's events (issue 31, `@tappa/domain` `game-events.ts`): append-only, newest by `id`. The
 * score ledger is its scoring kinds: a game's `total_score` is the sum of its events' points,
 * written in the same statement or transaction as the event. Never updated or deleted, only
 * erased with its game; a correction is an `undo` event naming the one it compensates.
 */
export const gameEvents = pgTable(
  'game_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenant_id: tenantOwner(),
    route_id: routeOwner(),
    game_id: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** The step it concerns, when there is one (kept null when the step is deleted). */
    step_id: uuid('step_id').references(() => steps.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: GAME_EVENT_KINDS }).notNull(),
    points: integer('points').notNull().default(0),
    /** Staff's reason (an adjustment, a help action, an undo); null for the team's own events. */
    reason: text('reason'),
    /** What the event says besides (a help action's name and values, a wrong try's reason). */
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>(),
    /** The staff account that acted, by value (it outlives the account); null: the system. */
    actor_user_id: uuid('actor_user_id'),
    actor_email: text('actor_email'),
    /** The event this one compensates (`undo`); an event is undone at most once. */
    undoes_id: bigint('undoes_id', { mode: 'number' }).references((): AnyPgColumn => gameEvents.id),
    /** A staff action's client-made id: the same action sent twice applies once. */
    action_id: uuid('action_id'),
    at: timestamptz('at').notNull(),
  },
  (t) => [
    index('game_events_route_idx').on(t.tenant_id, t.route_id, t.id),
    index('game_events_game_idx').on(t.game_id, t.id),
    unique('game_events_undoes_key').on(t.undoes_id),
    unique('game_events_action_key').on(t.tenant_id, t.action_id),
    check('game_events_kind_check', sql`${t.kind} in (${sqlList(GAME_EVENT_KINDS)})`),
    check(
      'game_events_points_check',
      sql`${t.points} = 0 or ${t.kind} in (${sqlList(LEDGER_KINDS)})`,
    ),
    // A hint only ever costs (decision 0085).
    check('game_events_hint_points_check', sql`${t.kind} <> 'hint' or ${t.points} <= 0`),
  ],
);

/**
 * A 'Pausa per tutti' of a route (decision 0085): when it began and ended (null: under way) and
 * who paused and resumed, kept for the event's analytics.
 */
export const routeEventPauses = pgTable(
  'route_event_pauses',
  {
    id: id(),
    tenant_id: tenantOwner(),
    route_id: routeOwner(),
    started_at: timestamptz('started_at').notNull(),
    ended_at: timestamptz('ended_at'),
    /** The staff accounts, by value (they outlive the accounts, as the ledger's actors do). */
    started_by_user_id: uuid('started_by_user_id'),
    ended_by_user_id: uuid('ended_by_user_id'),
  },
  (t) => [
    index('route_event_pauses_route_idx').on(t.tenant_id, t.route_id, t.started_at),
    check(
      'route_event_pauses_ended_check',
      sql`${t.ended_at} is null or ${t.ended_at} >= ${t.started_at}`,
    ),
  ],
);

/**
 * A route's state in the live console (issue 31): when a team counts as stuck, and the frozen
 * standings every public view shows while the scoreboard is frozen. A row of its own, so that
 * neither writes the route's row (which would make every cached try read again).
 */
export const routeLive = pgTable('route_live', {
  route_id: uuid('route_id')
    .primaryKey()
    .references(() => routes.id, { onDelete: 'cascade' }),
  tenant_id: tenantOwner(),
  stuck_after_minutes: integer('stuck_after_minutes').notNull().default(15),
  /** When 'Congela classifica' froze the public views; null while they are live. */
  frozen_at: timestamptz('frozen_at'),
  frozen_by_email: text('frozen_by_email'),
  /**
   * The route's rankings as they stood at `frozen_at`: `{ overall, today, places }`, the rows of
   * both lists and every ranking row's place (`modules/live`, decision 0070).
   */
  frozen_rows: jsonb('frozen_rows').$type<Record<string, unknown>>(),
  updated_at: updatedAt(),
});
