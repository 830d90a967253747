import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { games, routeEventPauses, routes } from '../../db/schema';
import { sql } from 'drizzle-orm';
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

/** The routes whose event end is due at `now` and not yet closed, of every tenant. */
export function listDueEventEnds(db: Db, now: Date, limit: number) {
  return statementsOf(db.unscoped(PLATFORM_SCOPE))<{ id: string; tenant_id: string }>(
    sql`select id, tenant_id from routes
    where event_end_at is not null and event_closed_at is null and event_end_at <= ${now}
    order by event_end_at limit ${limit}`,
  );
}
