import type { GameEventKind, GameStatus, LocationSharingChoice } from '@tappa/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { routeLive, routes } from '../../db/schema';
import type { TenantScope } from '../../db/scope';

/** A time as milliseconds since the epoch, the same on both drivers. */
const ms = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;

/** A game on the console, as one row of `listConsoleGames`. */
export interface ConsoleGameRow {
  id: string;
  team_name: string;
  route_id: string;
  route_slug: string;
  route_title: string;
  status: GameStatus;
  current_step_index: number;
  step_count: number;
  current_place: string | null;
  total_score: number;
  tries_on_step: number | null;
  started_ms: number;
  finished_ms: number | null;
  active_ms: number;
  progress_ms: number | null;
  time_extension_minutes: number;
  stuck_after_minutes: number | null;
  /** The team's answer when its route asks for positions (decision 0086), else null. */
  location_sharing: LocationSharingChoice | null;
  /** Its newest fix while it shares: null otherwise, or before its first. */
  fix_lat: number | null;
  fix_lng: number | null;
  fix_accuracy_m: number | null;
  fix_ms: number | null;
}

/**
 * The games of the console in one statement (issue 31): the tenant's (one route's) games playing
 * or paused, and those finished since `finishedSince`, each with its route, the route's step
 * count, the place of its current step, the tries there, its last progress and the route's
 * stuck minutes. Set-based: the steps of the routes in view are gathered once, one row per route
 * (its steps' ids and places in order, so that a game's current step is an array subscript, not a
 * join); of the games' steps only the current one's row is read, by `game_steps_game_step_key`,
 * whatever the number of steps played. Without statistics (PGlite has no autovacuum, decision
 * 0074) the plan is nested loops: nothing in it may be computed once per game.
 */
export function listConsoleGames(
  db: Db,
  scope: TenantScope,
  opts: ConsoleGamesFilter,
): Promise<ConsoleGameRow[]> {
  return db.scoped(scope).execute<ConsoleGameRow>(consoleGamesQuery(scope, opts));
}

/** Which games `listConsoleGames` reads: of a route (null: all), and only `gameIds` if given. */
export interface ConsoleGamesFilter {
  routeId: string | null;
  finishedSince: Date;
  gameIds?: readonly string[];
}

/** The statement of `listConsoleGames` (the plan check reads it). */
export function consoleGamesQuery(scope: TenantScope, opts: ConsoleGamesFilter): SQL {
  const t = scope.tenantId;
  const onRoute = (column: SQL) =>
    opts.routeId === null ? sql`` : sql`and ${column} = ${opts.routeId}`;
  // One array literal, so that the statement's text is the same however many games are read.
  const onGames =
    opts.gameIds === undefined
      ? sql``
      : sql`and g.id = any(${`{${opts.gameIds.join(',')}}`}::uuid[])`;
  return sql`with rs as materialized (
      select s.route_id, count(*)::int as n,
        array_agg(s.id order by s.ord, s.id) as ids,
        array_agg(s.place order by s.ord, s.id) as places
      from steps s join routes r on r.id = s.route_id
      where r.tenant_id = ${t} ${onRoute(sql`r.id`)}
      group by s.route_id
    )
    select g.id, g.team_name, g.route_id, r.slug as route_slug, r.title as route_title,
      g.status, g.current_step_index, g.total_score, g.time_extension_minutes,
      coalesce(rs.n, 0) as step_count,
      rs.places[g.current_step_index + 1] as current_place,
      (select gs.attempts from game_steps gs
        where gs.game_id = g.id and gs.step_id = rs.ids[g.current_step_index + 1])
        as tries_on_step,
      ${ms(sql`coalesce(g.started_at, g.created_at)`)} as started_ms,
      case when g.status = 'completed'
        then ${ms(sql`coalesce(g.finished_at, g.updated_at)`)} end as finished_ms,
      ${ms(sql`g.last_active_at`)} as active_ms,
      ${ms(sql`g.last_progress_at`)} as progress_ms,
      rl.stuck_after_minutes,
      case when r.location_sharing then g.location_sharing end as location_sharing,
      f.lat as fix_lat, f.lng as fix_lng, f.accuracy_m::float8 as fix_accuracy_m,
      ${ms(sql`f.taken_at`)} as fix_ms
    from games g
    join routes r on r.id = g.route_id and r.tenant_id = g.tenant_id
    left join rs on rs.route_id = g.route_id
    left join route_live rl on rl.route_id = g.route_id and rl.tenant_id = g.tenant_id
    -- Each game's newest fix since the console's window opened, one row per game, shown only
    -- while the team shares (decision 0086).
    left join game_last_fixes f on f.game_id = g.id and f.tenant_id = g.tenant_id
      and f.taken_at > ${opts.finishedSince} and r.location_sharing
      and g.location_sharing = 'shared'
    where g.tenant_id = ${t} ${onRoute(sql`g.route_id`)} ${onGames}
      and (g.status in ('active', 'paused')
        or coalesce(g.finished_at, g.updated_at) >= ${opts.finishedSince})`;
}

/** An event as `listEvents` reads it: with its game's team and its step's number and place. */
export interface EventRow {
  id: number;
  game_id: string;
  team_name: string;
  route_id: string;
  step_id: string | null;
  step_number: number | null;
  place: string | null;
  kind: GameEventKind;
  points: number;
  reason: string | null;
  details: Record<string, string | number | boolean | null> | null;
  actor_email: string | null;
  undoes_id: number | null;
  undone_by_id: number | null;
  at_ms: number;
}

/**
 * The tenant's events, newest first (`game_events_route_idx` for a route, `game_events_game_idx`
 * for a game, the primary key backwards for the whole tenant): at most `limit`, older than
 * `before`, of a route, a game or a kind. The newest are taken from the events alone, then
 * joined to their games and steps: joined first, a planner on statistics older than the rows
 * (gathered before an event began, or none yet) read the tenant's events once per game, about
 * half a second at 1,000 teams (decision 0092).
 */
export function listEvents(db: Db, scope: TenantScope, opts: EventFilter): Promise<EventRow[]> {
  return db.scoped(scope).execute<EventRow>(eventsQuery(scope, opts));
}

/** Which events `listEvents` reads. */
export interface EventFilter {
  routeId?: string;
  gameId?: string;
  kind?: GameEventKind;
  before?: number;
  limit: number;
}

/** The statement of `listEvents` (the plan check reads it). */
export function eventsQuery(scope: TenantScope, opts: EventFilter): SQL {
  const filters: SQL[] = [sql`e.tenant_id = ${scope.tenantId}`];
  if (opts.routeId !== undefined) filters.push(sql`e.route_id = ${opts.routeId}`);
  if (opts.gameId !== undefined) filters.push(sql`e.game_id = ${opts.gameId}`);
  if (opts.kind !== undefined) filters.push(sql`e.kind = ${opts.kind}`);
  if (opts.before !== undefined) filters.push(sql`e.id < ${opts.before}`);
  return sql`select e.id::float8 as id, e.game_id, g.team_name, e.route_id, e.step_id,
      case when s.id is not null then (select count(*)::int from steps s2
        where s2.route_id = s.route_id and (s2.ord < s.ord or (s2.ord = s.ord and s2.id <= s.id)))
      end as step_number,
      s.place, e.kind, e.points, e.reason, e.details, e.actor_email,
      e.undoes_id::float8 as undoes_id,
      (select u.id::float8 from game_events u where u.undoes_id = e.id) as undone_by_id,
      ${ms(sql`e.at`)} as at_ms
    from (select * from game_events e where ${sql.join(filters, sql` and `)}
      order by e.id desc
      limit ${opts.limit}) e
    join games g on g.id = e.game_id and g.tenant_id = e.tenant_id
    left join steps s on s.id = e.step_id
    order by e.id desc`;
}

/** A game's live state as its phone reads it, with its newest staff event. */
export interface GameLiveRow {
  status: GameStatus;
  current_step_index: number;
  total_score: number;
  time_extension_minutes: number;
  /** Since when 'Pausa per tutti' holds the game's route (decision 0085), else null. */
  event_paused_at_ms: number | null;
  event_id: number | null;
  event_kind: GameEventKind | null;
  event_points: number | null;
  event_reason: string | null;
  event_details: Record<string, string | number | boolean | null> | null;
  event_at_ms: number | null;
}

/**
 * The kinds a staff member writes on a game, and a hint taken (by the team or given by staff,
 * decision 0085): what the team's phone announces.
 */
const STAFF_KINDS = sql.raw(`'adjustment', 'help', 'undo', 'review', 'hint'`);

/** The tenant's game `gameId` (of the team `email` when given), with its newest staff event. */
export async function findGameLive(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; email?: string },
): Promise<GameLiveRow | null> {
  const [row] = await db.scoped(scope).execute<GameLiveRow>(
    sql`select g.status, g.current_step_index, g.total_score, g.time_extension_minutes,
      (select ${ms(sql`r.event_paused_at`)} from routes r where r.id = g.route_id)
        as event_paused_at_ms,
      e.id as event_id, e.kind as event_kind, e.points as event_points,
      e.reason as event_reason, e.details as event_details, e.at_ms as event_at_ms
    from games g
    left join lateral (
      select e.id::float8 as id, e.kind, e.points, e.reason, e.details, ${ms(sql`e.at`)} as at_ms
      from game_events e where e.game_id = g.id and e.kind in (${STAFF_KINDS})
      order by e.id desc limit 1
    ) e on true
    where g.tenant_id = ${scope.tenantId} and g.id = ${opts.gameId}
      ${opts.email === undefined ? sql`` : sql`and g.owner_email = ${opts.email}`}
    limit 1`,
  );
  return row ?? null;
}

/** A staff event of a game as its phone is told of it. */
export interface StaffEventRow {
  id: number;
  kind: GameEventKind;
  points: number;
  reason: string | null;
  details: Record<string, string | number | boolean | null> | null;
  at_ms: number;
}

/**
 * The newest `limit` staff events of the tenant's game `gameId` with an id after `after` and
 * before `before`, oldest first (`game_events_game_idx`).
 */
export async function listStaffEvents(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; after: number; before: number; limit: number },
): Promise<StaffEventRow[]> {
  const rows = await db.scoped(scope).execute<StaffEventRow>(
    sql`select e.id::float8 as id, e.kind, e.points, e.reason, e.details, ${ms(sql`e.at`)} as at_ms
    from game_events e
    where e.tenant_id = ${scope.tenantId} and e.game_id = ${opts.gameId}
      and e.kind in (${STAFF_KINDS}) and e.id > ${opts.after} and e.id < ${opts.before}
    order by e.id desc limit ${opts.limit}`,
  );
  return rows.reverse();
}

/** Whether the tenant's game `gameId` is the team's (`email`). */
export async function isOwnGame(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; email: string },
): Promise<boolean> {
  const rows = await db.scoped(scope).execute<{ id: string }>(
    sql`select g.id from games g
    where g.tenant_id = ${scope.tenantId} and g.id = ${opts.gameId}
      and g.owner_email = ${opts.email}
    limit 1`,
  );
  return rows.length > 0;
}

/** The route of the tenant's game `gameId`, null when there is none. */
export async function findGameRouteId(
  db: Db,
  scope: TenantScope,
  gameId: string,
): Promise<string | null> {
  const [row] = await db.scoped(scope).execute<{ route_id: string }>(
    sql`select g.route_id from games g
    where g.tenant_id = ${scope.tenantId} and g.id = ${gameId} limit 1`,
  );
  return row?.route_id ?? null;
}

/**
 * The places of the steps of the tenant's routes (of one route), in order, by route: a game's
 * current place is `places[current_step_index]` (as `listConsoleGames` reads it).
 */
export async function listRoutePlaces(
  db: Db,
  scope: TenantScope,
  routeId: string | null,
): Promise<Map<string, string[]>> {
  const rows = await db.scoped(scope).execute<{ route_id: string; places: string[] }>(
    sql`select s.route_id, array_agg(s.place order by s.ord, s.id) as places
    from steps s join routes r on r.id = s.route_id
    where r.tenant_id = ${scope.tenantId} ${routeId === null ? sql`` : sql`and r.id = ${routeId}`}
    group by s.route_id`,
  );
  return new Map(rows.map((row) => [row.route_id, row.places]));
}

/** The live states of the tenant's routes (of one route) that have a row. */
export function listRouteLive(db: Db, scope: TenantScope, routeId: string | null) {
  return db
    .scoped(scope)
    .select({
      route_id: routeLive.route_id,
      stuck_after_minutes: routeLive.stuck_after_minutes,
      frozen_at: routeLive.frozen_at,
      frozen_by_email: routeLive.frozen_by_email,
    })
    .from(routeLive, routeId === null ? undefined : eq(routeLive.route_id, routeId));
}

/** The ids and event clocks of the tenant's routes (one route), ordered by title. */
export function listRouteEvents(db: Db, scope: TenantScope, routeId: string | null) {
  return db
    .scoped(scope)
    .select({
      id: routes.id,
      event_start_at: routes.event_start_at,
      event_end_at: routes.event_end_at,
      event_paused_at: routes.event_paused_at,
    })
    .from(routes, routeId === null ? undefined : eq(routes.id, routeId))
    .orderBy(routes.title, routes.id);
}
