import {
  type GameEvent,
  type GameLive,
  LIVE_FEED_SIZE,
  type LiveActivityPage,
  type LiveActivityQuery,
  type LiveTeam,
  type RouteLiveState,
} from '@tappa/contracts';
import { liveStatuses, STUCK_AFTER_MINUTES_DEFAULT } from '@tappa/domain';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { presentRouteEvent } from '../games/event-times';
import { findRouteName, type RouteName } from '../routes/routes.service';
import {
  type ConsoleGameRow,
  type EventRow,
  findGameLive,
  findGameRouteId,
  listEvents,
  listRouteEvents,
  listRouteLive,
  listStaffEvents,
  type StaffEventRow,
} from './live.repository';

/** The most staff events a phone's stream replays after it reconnects (decision 0080). */
export const REPLAYED_MAX = 100;

/** How long a finished game stays on the console (decision 0070). */
export const LIVE_FINISHED_FOR_MS = 24 * 3_600_000;

/** What one console is computed for: the tenant's routes, or one of them. */
export interface LiveTarget {
  scope: TenantScope;
  routeId: string | null;
}

/** A game's phone: the tenant's game `gameId`. */
export interface GameLiveTarget {
  scope: TenantScope;
  gameId: string;
}

/** The console's target: a route of the tenant (another's, or none: 404), or all of them. */
export async function resolveLiveTarget(
  db: Db,
  scope: TenantScope,
  routeId: string | undefined,
): Promise<LiveTarget> {
  if (routeId === undefined) return { scope, routeId: null };
  await findOwnRoute(db, scope, routeId);
  return { scope, routeId };
}

/** The tenant's route `routeId` (another tenant's, or none: 404 `route_not_found`). */
export async function findOwnRoute(
  db: Db,
  scope: TenantScope,
  routeId: string,
): Promise<RouteName> {
  const route = await findRouteName(db, scope, { id: routeId });
  if (!route) throw new AppError('route_not_found');
  return route;
}

/** A game's row on the console at `now`: its statuses computed by the domain's function. */
export function presentTeam(game: ConsoleGameRow, now: Date): LiveTeam {
  const stuckAfterMinutes = game.stuck_after_minutes ?? STUCK_AFTER_MINUTES_DEFAULT;
  const lastActiveAt = new Date(game.active_ms);
  const lastProgressAt = new Date(game.progress_ms ?? game.started_ms);
  return {
    game_id: game.id,
    team_name: game.team_name,
    route: { id: game.route_id, slug: game.route_slug, title: game.route_title },
    current_step_index: game.current_step_index,
    step_count: game.step_count,
    current_place: game.status === 'completed' ? null : game.current_place,
    score: game.total_score,
    tries_on_step: game.tries_on_step ?? 0,
    started_at: new Date(game.started_ms).toISOString(),
    finished_at: game.finished_ms === null ? null : new Date(game.finished_ms).toISOString(),
    last_active_at: lastActiveAt.toISOString(),
    last_progress_at: lastProgressAt.toISOString(),
    statuses: liveStatuses(
      { status: game.status, lastActiveAt, lastProgressAt, stuckAfterMinutes },
      now,
    ),
    time_extension_minutes: game.time_extension_minutes,
    location_sharing: game.location_sharing,
    fix:
      game.fix_ms === null || game.fix_lat === null || game.fix_lng === null
        ? null
        : {
            lat: game.fix_lat,
            lng: game.fix_lng,
            accuracy_m: game.fix_accuracy_m,
            at: new Date(game.fix_ms).toISOString(),
          },
  };
}

/** An event as the console and the activity pages show it. */
export function presentEvent(row: EventRow): GameEvent {
  return {
    id: row.id,
    game_id: row.game_id,
    team_name: row.team_name,
    route_id: row.route_id,
    step:
      row.step_id !== null && row.step_number !== null && row.place !== null
        ? { id: row.step_id, number: row.step_number, place: row.place }
        : null,
    kind: row.kind,
    points: row.points,
    reason: row.reason,
    details: row.details,
    actor_email: row.actor_email,
    undoes_id: row.undoes_id,
    undone_by_id: row.undone_by_id,
    at: new Date(row.at_ms).toISOString(),
  };
}

/** The live states of the tenant's routes (one route): the defaults where a route has no row. */
export async function listRouteStates(
  db: Db,
  scope: TenantScope,
  routeId: string | null,
): Promise<RouteLiveState[]> {
  const stored = new Map(
    (await listRouteLive(db, scope, routeId)).map((row) => [row.route_id, row]),
  );
  return (await listRouteEvents(db, scope, routeId)).map((route) => {
    const row = stored.get(route.id);
    return {
      route_id: route.id,
      stuck_after_minutes: row?.stuck_after_minutes ?? STUCK_AFTER_MINUTES_DEFAULT,
      frozen_at: row?.frozen_at?.toISOString() ?? null,
      frozen_by_email: row?.frozen_by_email ?? null,
      event: presentRouteEvent(route),
    };
  });
}

/** `live.activity`: a page of older events, newest first. */
export async function listActivity(
  db: Db,
  scope: TenantScope,
  query: LiveActivityQuery,
): Promise<LiveActivityPage> {
  // A route or a game of another tenant is unknown here, not an empty page.
  if (query.route !== undefined) await findOwnRoute(db, scope, query.route);
  if (query.game !== undefined && (await findGameRouteId(db, scope, query.game)) === null) {
    throw new AppError('game_not_found');
  }
  const events = await listEvents(db, scope, {
    routeId: query.route,
    gameId: query.game,
    kind: query.kind,
    before: query.before,
    limit: LIVE_FEED_SIZE,
  });
  const last = events.at(-1);
  return {
    events: events.map(presentEvent),
    next_before: events.length === LIVE_FEED_SIZE && last ? last.id : null,
  };
}

/** The tenant's game `gameId` as its phone follows it; of the team `email` only when given. */
export async function readGameLive(
  db: Db,
  target: GameLiveTarget,
  email?: string,
): Promise<GameLive> {
  const row = await findGameLive(db, target.scope, { gameId: target.gameId, email });
  if (!row) throw new AppError('game_not_found');
  return {
    status: row.status,
    current_step_index: row.current_step_index,
    total_score: row.total_score,
    time_extension_minutes: row.time_extension_minutes,
    event_paused_at:
      row.event_paused_at_ms === null ? null : new Date(row.event_paused_at_ms).toISOString(),
    staff_event:
      row.event_id !== null && row.event_kind !== null && row.event_at_ms !== null
        ? presentStaffEvent({
            id: row.event_id,
            kind: row.event_kind,
            points: row.event_points ?? 0,
            reason: row.event_reason,
            details: row.event_details,
            at_ms: row.event_at_ms,
          })
        : null,
  };
}

/**
 * The staff events of the game after `after` and before the newest one `live` holds, oldest
 * first (at most REPLAYED_MAX, the newest), each as `live` with it in place of its newest: what a
 * phone that saw `after` last missed (decision 0080).
 */
export async function listMissedStaffEvents(
  db: Db,
  target: GameLiveTarget,
  opts: { live: GameLive; after: number },
): Promise<GameLive[]> {
  const { live, after } = opts;
  if (live.staff_event === null) return [];
  const rows = await listStaffEvents(db, target.scope, {
    gameId: target.gameId,
    after,
    before: live.staff_event.id,
    limit: REPLAYED_MAX,
  });
  return rows.map((row) => ({ ...live, staff_event: presentStaffEvent(row) }));
}

/** A staff event as the team's phone is told of it. */
function presentStaffEvent(row: StaffEventRow): GameLive['staff_event'] {
  return {
    id: row.id,
    kind: row.kind,
    points: row.points,
    reason: row.reason,
    details: row.details,
    at: new Date(row.at_ms).toISOString(),
  };
}

/**
 * Publishes `live` for the tenant's game `gameId` once its event is committed (the team's pause,
 * resume, photo or start, whose services do not answer the route): its route read by id.
 */
export async function publishGameLive(
  db: Db,
  scope: TenantScope,
  gameId: string,
  publish: (tenantId: string, routeId: string, gameId: string) => void,
): Promise<void> {
  const routeId = await findGameRouteId(db, scope, gameId);
  if (routeId !== null) publish(scope.tenantId, routeId, gameId);
}
