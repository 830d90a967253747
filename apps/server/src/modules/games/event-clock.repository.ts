import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { gameEvents, games, gameSteps, routeEventPauses, routes } from '../../db/schema';
import { statementsOf } from '../../db/rows';
import { PLATFORM_SCOPE, type TenantScope } from '../../db/scope';

// The event clock's rows (decision 0085): the route's instants, its pauses, and the open games
// a pause, a resume or the end changes.

/** A route's event clock, locked, with its open games. */
export interface RouteEventRow {
  id: string;
  title: string;
  event_start_at: Date | null;
  event_end_at: Date | null;
  event_paused_at: Date | null;
  event_closed_at: Date | null;
  openGameIds: string[];
}

/**
 * The tenant's route `routeId` with its event clock, its row locked for the caller's transaction
 * (`skipLocked`: null when another transaction holds it), and the ids of its open games.
 */
export async function lockRouteEvent(
  db: Db,
  scope: TenantScope,
  routeId: string,
  opts: { skipLocked?: boolean } = {},
): Promise<RouteEventRow | null> {
  const scoped = db.scoped(scope);
  const [route] = await scoped
    .select({
      id: routes.id,
      title: routes.title,
      event_start_at: routes.event_start_at,
      event_end_at: routes.event_end_at,
      event_paused_at: routes.event_paused_at,
      event_closed_at: routes.event_closed_at,
    })
    .from(routes, eq(routes.id, routeId))
    .for('update', opts.skipLocked ? { skipLocked: true } : {});
  if (!route) return null;
  const open = await scoped
    .select({ id: games.id })
    .from(games, and(eq(games.route_id, routeId), ne(games.status, 'completed')));
  return { ...route, openGameIds: open.map((game) => game.id) };
}

/** Writes the tenant's route's event columns `set` (a new row version: cached tries read again). */
export async function setRouteEvent(
  db: Db,
  scope: TenantScope,
  routeId: string,
  set: Partial<
    Pick<
      typeof routes.$inferInsert,
      'event_start_at' | 'event_end_at' | 'event_paused_at' | 'event_closed_at'
    >
  >,
): Promise<void> {
  await db.scoped(scope).update(routes, set, eq(routes.id, routeId));
}

/**
 * After the route form saved the tenant's route (decision 0085): with a start to come, every open
 * game of it starts then (its clock, and its started steps' clocks); with none, or one already
 * past, the games still waiting start now (or at the start); an end moved to come, or removed,
 * lets the due job end the games again.
 */
export async function retimeEventGames(
  db: Db,
  scope: TenantScope,
  opts: {
    route: Pick<typeof routes.$inferSelect, 'id' | 'event_start_at' | 'event_end_at'>;
    now: Date;
  },
): Promise<void> {
  const { route, now } = opts;
  const scoped = db.scoped(scope);
  const clock = sql`coalesce(${games.clock_at}, ${games.created_at})`;
  const toCome = route.event_start_at !== null && route.event_start_at > now;
  const startAt = route.event_start_at ?? now;
  const retimed = await scoped
    .update(
      games,
      { clock_at: sql`greatest(${games.created_at}, ${startAt}::timestamptz)` },
      and(
        eq(games.route_id, route.id),
        ne(games.status, 'completed'),
        toCome ? undefined : sql`${clock} > ${now}::timestamptz`,
      ),
    )
    .returning({ id: games.id, clock_at: games.clock_at });
  for (const game of retimed) {
    if (game.clock_at === null) continue;
    await scoped.update(
      gameSteps,
      { started_ms: game.clock_at.getTime() },
      and(
        eq(gameSteps.game_id, game.id),
        eq(gameSteps.status, 'pending'),
        isNotNull(gameSteps.started_ms),
      ),
    );
  }
  if (route.event_end_at === null || route.event_end_at > now) {
    await scoped.update(routes, { event_closed_at: null }, eq(routes.id, route.id));
  }
}

/** Opens a pause of the tenant's route, started by `userId`. */
export async function startPause(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; userId: string; now: Date },
): Promise<void> {
  await db.scoped(scope).insert(routeEventPauses, {
    route_id: opts.routeId,
    started_at: opts.now,
    started_by_user_id: opts.userId,
  });
}

/** Closes the open pause of the tenant's route (ended by `userId`; null: at the event's end). */
export async function endPause(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; userId: string | null; now: Date },
): Promise<void> {
  await db
    .scoped(scope)
    .update(
      routeEventPauses,
      { ended_at: opts.now, ended_by_user_id: opts.userId },
      and(eq(routeEventPauses.route_id, opts.routeId), isNull(routeEventPauses.ended_at)),
    );
}

/**
 * Moves on the clocks of the tenant's route's open games by the part of the pause (from
 * `pausedAt` to `now`) each lived through: a game's clock (`clock_at`, else its creation) and
 * its pending steps' started clocks. A clock that started during the pause moves by the time
 * since it started; one still to start (a game waiting for the event's start) does not move.
 */
export async function shiftClocks(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; pausedAt: Date; now: Date },
): Promise<void> {
  const scoped = db.scoped(scope);
  const clock = sql`coalesce(${games.clock_at}, ${games.created_at})`;
  await scoped.update(
    games,
    {
      clock_at: sql`${clock} + (${opts.now}::timestamptz - greatest(${opts.pausedAt}::timestamptz, ${clock}))`,
    },
    and(
      eq(games.route_id, opts.routeId),
      ne(games.status, 'completed'),
      sql`${clock} < ${opts.now}::timestamptz`,
    ),
  );
  const nowMs = opts.now.getTime();
  const pausedMs = opts.pausedAt.getTime();
  await scoped.execute(
    sql`update game_steps gs
      set started_ms = gs.started_ms + (${nowMs}::bigint - greatest(${pausedMs}::bigint, gs.started_ms))
      from games g
      where g.id = gs.game_id and g.tenant_id = ${scope.tenantId} and g.route_id = ${opts.routeId}
        and g.status <> 'completed' and gs.status = 'pending'
        and gs.started_ms is not null and gs.started_ms < ${nowMs}::bigint`,
  );
}

/**
 * Ends every open game of the tenant's route at `now` as a time-out does: completed with its
 * score, a `finish` event whose cause is `time_up`. Answers how many it ended.
 */
export async function closeOpenGames(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; now: Date },
): Promise<number> {
  const scoped = db.scoped(scope);
  const ended = await scoped
    .update(
      games,
      { status: 'completed', finished_at: opts.now },
      and(eq(games.route_id, opts.routeId), ne(games.status, 'completed')),
    )
    .returning({ id: games.id });
  if (ended.length === 0) return 0;
  await scoped.insert(
    gameEvents,
    ended.map((game) => ({
      route_id: opts.routeId,
      game_id: game.id,
      step_id: null,
      kind: 'finish' as const,
      points: 0,
      details: { cause: 'time_up' },
      at: opts.now,
    })),
  );
  return ended.length;
}

/** The routes whose event end is due at `now` and not yet closed, of every tenant. */
export function listDueEventEnds(db: Db, now: Date, limit: number) {
  return statementsOf(db.unscoped(PLATFORM_SCOPE))<{ id: string; tenant_id: string }>(
    sql`select id, tenant_id from routes
    where event_end_at is not null and event_closed_at is null and event_end_at <= ${now}
    order by event_end_at limit ${limit}`,
  );
}
