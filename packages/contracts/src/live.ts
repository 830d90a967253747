import {
  GAME_EVENT_KINDS,
  HELP_ACTIONS,
  LOCATION_SHARING_CHOICES,
  SCORE_ADJUSTMENT_MAX,
  SCORE_REASON_MAX_LENGTH,
  STEP_HINTS_MAX,
  STUCK_AFTER_MINUTES_MAX,
  TIME_EXTENSION_MAX_MINUTES,
} from '@tappa/domain';
import { z } from 'zod';
import { EventClockSchema } from './gameplay';

// The organiser's live console (issue 31, ARCHITECTURE §6a): every team of the tenant's routes in
// view, the activity of the games, the score ledger with its reasons, help for a stuck team, and
// freezing the public standings. For the tenant's staff (tenant admins, game managers, the
// superadmin); a team reads only its own ledger.

/** A staff reason: required, trimmed, at most SCORE_REASON_MAX_LENGTH characters. */
const ReasonSchema = z.string().trim().min(1).max(SCORE_REASON_MAX_LENGTH);

/** One event of a game: a ledger entry (its kind may carry points) or an activity around it. */
export const GameEventSchema = z.object({
  id: z.number().int(),
  game_id: z.string(),
  team_name: z.string(),
  route_id: z.string(),
  /** The step it concerns: its id, 1-based number and place; null without one. */
  step: z.object({ id: z.string(), number: z.number().int(), place: z.string() }).nullable(),
  kind: z.enum(GAME_EVENT_KINDS),
  points: z.number().int(),
  reason: z.string().nullable(),
  /** What the event says besides: a help action's name and values, a wrong try's reason code. */
  details: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .nullable(),
  /** The staff member's e-mail; null for the team's own events and the system's. */
  actor_email: z.string().nullable(),
  /** The id of the event this one compensates (`undo`), else null. */
  undoes_id: z.number().int().nullable(),
  /** The id of the `undo` that compensated this one, else null. */
  undone_by_id: z.number().int().nullable(),
  at: z.string(),
});
export type GameEvent = z.infer<typeof GameEventSchema>;

/** A team's position as its phone measured it (decision 0086): `at` is the phone's time (ISO). */
export const LiveFixSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  accuracy_m: z.number().nullable(),
  at: z.string(),
});
export type LiveFix = z.infer<typeof LiveFixSchema>;

/** A team's status on the console: its game's, or what its silence says. */
export const LIVE_TEAM_STATUSES = ['playing', 'paused', 'finished', 'stale', 'stuck'] as const;
export type LiveTeamStatus = (typeof LIVE_TEAM_STATUSES)[number];

/** One game on the console. */
export const LiveTeamSchema = z.object({
  game_id: z.string(),
  team_name: z.string(),
  route: z.object({ id: z.string(), slug: z.string(), title: z.string() }),
  /** The 0-based index of the step the game is on, its 1-based number and the route's steps. */
  current_step_index: z.number().int(),
  step_count: z.number().int(),
  /** The current step's place; null when the game has none (finished, no steps). */
  current_place: z.string().nullable(),
  score: z.number().int(),
  /** Tries at the current step. */
  tries_on_step: z.number().int(),
  /** When the game started (ISO): its elapsed time runs from here, up to `finished_at`. */
  started_at: z.string(),
  /** When it finished (ISO); null while it is played. */
  finished_at: z.string().nullable(),
  /** The team's last request (ISO). */
  last_active_at: z.string(),
  /** When the team last solved (or skipped) a step, else when the game started (ISO). */
  last_progress_at: z.string(),
  /**
   * Every badge that applies: its game's status (`playing`, `paused`, `finished`), plus `stale`
   * (no request for STALE_AFTER_MS while playing) and `stuck` (no step done for the route's
   * stuck minutes while playing).
   */
  statuses: z.array(z.enum(LIVE_TEAM_STATUSES)),
  /** Minutes staff added to the route's time limit. */
  time_extension_minutes: z.number().int(),
  /**
   * The team's answer on a route that asks for positions (decision 0086); null: the route does
   * not ask, or the team has not answered yet.
   */
  location_sharing: z.enum(LOCATION_SHARING_CHOICES).nullable(),
  /** Its last position while it shares; null otherwise, or before its first fix. */
  fix: LiveFixSchema.nullable(),
});
export type LiveTeam = z.infer<typeof LiveTeamSchema>;

/** `live.trail`: a sharing team's positions of the last hour, oldest first (decision 0086). */
export const GameTrailSchema = z.object({
  game_id: z.string(),
  fixes: z.array(LiveFixSchema),
});
export type GameTrail = z.infer<typeof GameTrailSchema>;

/** A route's live state: when a team counts as stuck, and whether its public standings are frozen. */
export const RouteLiveStateSchema = z.object({
  route_id: z.string(),
  stuck_after_minutes: z.number().int(),
  /** When 'Congela classifica' froze the public views (ISO); null while they are live. */
  frozen_at: z.string().nullable(),
  frozen_by_email: z.string().nullable(),
  /**
   * The route's event clock (decision 0085): its start and end as the route form set them (or
   * 'Termina ora' ended it), and 'Pausa per tutti' under way since `paused_at`.
   */
  event: EventClockSchema,
});
export type RouteLiveState = z.infer<typeof RouteLiveStateSchema>;

/** The console's filter: a route id, or none for all the tenant's routes. */
export const LiveQuerySchema = z.object({ route: z.uuid().optional() });
export type LiveQuery = z.infer<typeof LiveQuerySchema>;

/**
 * `live.console` and every `console` event of `live.stream`: the teams of the tenant's games
 * (of one route with `?route=`) and the newest events, as the server computed them at
 * `computed_at`.
 */
export const LiveConsoleSchema = z.object({
  teams: z.array(LiveTeamSchema),
  /** The newest LIVE_FEED_SIZE events, newest first. */
  activity: z.array(GameEventSchema),
  /** The state of each route in view. */
  routes: z.array(RouteLiveStateSchema),
  computed_at: z.string(),
});
export type LiveConsole = z.infer<typeof LiveConsoleSchema>;

/**
 * Every `console-change` event of `live.stream` (decision 0075): what changed since the stream's
 * event whose id is `base` (the first event is a whole `console`). Teams come whole when they
 * were added or changed; the feed and the routes' states come whole each time.
 */
export const LiveConsoleChangeSchema = z.object({
  base: z.string(),
  /** The teams new on the console or changed, whole. */
  teams: z.array(LiveTeamSchema),
  /** The games no longer on the console. */
  removed: z.array(z.string()),
  activity: z.array(GameEventSchema),
  routes: z.array(RouteLiveStateSchema),
  computed_at: z.string(),
});
export type LiveConsoleChange = z.infer<typeof LiveConsoleChangeSchema>;

/** The console's order of teams: by name, then by game (as the code points compare). */
export function compareConsoleTeams(a: LiveTeam, b: LiveTeam): number {
  if (a.team_name !== b.team_name) return a.team_name < b.team_name ? -1 : 1;
  return a.game_id < b.game_id ? -1 : a.game_id > b.game_id ? 1 : 0;
}

/** The console after `change` (which must apply to it: its `base` is the console's event id). */
export function applyConsoleChange(current: LiveConsole, change: LiveConsoleChange): LiveConsole {
  const teams = new Map(current.teams.map((team) => [team.game_id, team]));
  for (const gameId of change.removed) teams.delete(gameId);
  for (const team of change.teams) teams.set(team.game_id, team);
  return {
    teams: [...teams.values()].sort(compareConsoleTeams),
    activity: change.activity,
    routes: change.routes,
    computed_at: change.computed_at,
  };
}

/** How many of the newest events the console and its stream carry; older ones page. */
export const LIVE_FEED_SIZE = 50;

/** `live.activity`: older events, newest first, filtered. */
export const LiveActivityQuerySchema = z.object({
  route: z.uuid().optional(),
  game: z.uuid().optional(),
  kind: z.enum(GAME_EVENT_KINDS).optional(),
  /** Events with a smaller id than this (the last one of the page before). */
  before: z.coerce.number().int().positive().optional(),
});
export type LiveActivityQuery = z.infer<typeof LiveActivityQuerySchema>;

export const LiveActivityPageSchema = z.object({
  events: z.array(GameEventSchema),
  /** The `before` of the next page; null at the oldest. */
  next_before: z.number().int().nullable(),
});
export type LiveActivityPage = z.infer<typeof LiveActivityPageSchema>;

/** A game's ledger: its scoring events, oldest first, and their sum (its score). */
export const GameLedgerSchema = z.object({
  game_id: z.string(),
  total_score: z.number().int(),
  entries: z.array(GameEventSchema),
});
export type GameLedger = z.infer<typeof GameLedgerSchema>;

/** Every staff action carries an id made once by the browser: sent twice, it applies once. */
const ActionIdSchema = z.uuid();

/** `live.adjustPoints`: points given (positive) or taken (negative), with a reason. */
export const AdjustPointsRequestSchema = z.object({
  action_id: ActionIdSchema,
  points: z
    .number()
    .int()
    .min(-SCORE_ADJUSTMENT_MAX)
    .max(SCORE_ADJUSTMENT_MAX)
    .refine((points) => points !== 0),
  reason: ReasonSchema,
});
export type AdjustPointsRequest = z.infer<typeof AdjustPointsRequestSchema>;

/**
 * `live.help`: an action for a stuck team. `step_id` is the step it concerns: the current one
 * (`skip_step`, checked so that two staff never skip two steps), the skipped one to reopen, the
 * one to move to, the one whose hint to give; `minutes` for `extend_time`; `hint_index` (from 0,
 * among the step's hints after its `hint`) for `give_hint`, optional for the other actions.
 */
export const HelpRequestSchema = z.object({
  action_id: ActionIdSchema,
  action: z.enum(HELP_ACTIONS),
  step_id: z.uuid().nullable(),
  minutes: z.number().int().min(1).max(TIME_EXTENSION_MAX_MINUTES).nullable(),
  hint_index: z
    .number()
    .int()
    .min(0)
    .max(STEP_HINTS_MAX - 1)
    .nullable()
    .optional(),
  reason: ReasonSchema,
});
export type HelpRequest = z.infer<typeof HelpRequestSchema>;

/** `live.undo`: compensates a staff adjustment. */
export const UndoRequestSchema = z.object({ action_id: ActionIdSchema, reason: ReasonSchema });
export type UndoRequest = z.infer<typeof UndoRequestSchema>;

/** What a staff action answers: the event it wrote and the game's score after it. */
export const LiveActionResultSchema = z.object({
  event: GameEventSchema,
  total_score: z.number().int(),
});
export type LiveActionResult = z.infer<typeof LiveActionResultSchema>;

/** `live.routeSettings`: when a team of the route counts as stuck. */
export const RouteLiveSettingsRequestSchema = z.object({
  stuck_after_minutes: z.number().int().min(1).max(STUCK_AFTER_MINUTES_MAX),
});
export type RouteLiveSettingsRequest = z.infer<typeof RouteLiveSettingsRequestSchema>;

/**
 * `games.live`, and every `game` event of `games.stream`: what the team's phone must follow of
 * staff actions. A new `staff_event` (an id it has not shown) is shown as '+5 punti: …'; any
 * other change (status, step, score, time limit) makes the phone read its game again.
 */
export const GameLiveSchema = z.object({
  status: z.enum(['active', 'paused', 'completed']),
  current_step_index: z.number().int(),
  total_score: z.number().int(),
  time_extension_minutes: z.number().int(),
  /** Since when 'Pausa per tutti' holds the game's route (decision 0085); null: not paused. */
  event_paused_at: z.string().nullable(),
  /**
   * The newest staff event of the game (adjustment, help, undo, review), or hint taken (by the
   * team or given by staff: decision 0085), else null.
   */
  staff_event: z
    .object({
      id: z.number().int(),
      kind: z.enum(GAME_EVENT_KINDS),
      points: z.number().int(),
      reason: z.string().nullable(),
      details: z
        .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
        .nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type GameLive = z.infer<typeof GameLiveSchema>;

/** A ledger entry as its own team reads it ('Perché questi punti'): no staff account named. */
export const TeamLedgerEntrySchema = GameEventSchema.pick({
  id: true,
  step: true,
  kind: true,
  points: true,
  reason: true,
  undoes_id: true,
  undone_by_id: true,
  at: true,
});
export type TeamLedgerEntry = z.infer<typeof TeamLedgerEntrySchema>;

/** `games.ledger`: the team's own ledger, oldest first, and its sum. */
export const TeamLedgerSchema = z.object({
  total_score: z.number().int(),
  entries: z.array(TeamLedgerEntrySchema),
});
export type TeamLedger = z.infer<typeof TeamLedgerSchema>;
