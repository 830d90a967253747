import { and, asc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { games, liveHeartbeat, routes } from '../../db/schema';
import { inTenant, type TenantScope } from '../../db/scope';

/** The route columns the scoreboards show. */
const routeColumns = {
  id: routes.id,
  slug: routes.slug,
  title: routes.title,
  route_type: routes.route_type,
};

/** A route as the scoreboards name it, with its id. */
export type ScoreboardRouteRow = NonNullable<Awaited<ReturnType<typeof findRouteBySlug>>>;

/** The tenant's route with this slug, active or not; null when there is none. */
export async function findRouteBySlug(db: Database, scope: TenantScope, slug: string) {
  const [row] = await db
    .select(routeColumns)
    .from(routes)
    .where(and(inTenant(routes.tenant_id, scope), eq(routes.slug, slug)))
    .limit(1);
  return row ?? null;
}

/** The tenant's active routes, ordered by title (the scoreboard's route filter). */
export function listActiveRoutes(db: Database, scope: TenantScope) {
  return db
    .select(routeColumns)
    .from(routes)
    .where(and(inTenant(routes.tenant_id, scope), eq(routes.is_active, true)))
    .orderBy(asc(routes.title), asc(routes.slug));
}

/**
 * Scoreboard rows ordered by score descending, then the earlier last_seen first. Without a route:
 * only the rows of active routes. Filters and order follow `live_heartbeat_tenant_rank_idx` /
 * `live_heartbeat_route_rank_idx`, so the first rows come straight off the index.
 */
export function listRankingRows(
  db: Database,
  scope: TenantScope,
  opts: { routeId: string | null; since: Date | null; limit: number },
) {
  const filters: SQL[] = [inTenant(liveHeartbeat.tenant_id, scope)];
  filters.push(
    opts.routeId === null ? eq(routes.is_active, true) : eq(liveHeartbeat.route_id, opts.routeId),
  );
  if (opts.since) filters.push(gte(liveHeartbeat.last_seen, opts.since));
  return (
    db
      .select({
        id: liveHeartbeat.id,
        team_name: liveHeartbeat.team_name,
        score: liveHeartbeat.score,
        progress: liveHeartbeat.progress,
        total: liveHeartbeat.total,
        last_seen: liveHeartbeat.last_seen,
        route_type: routes.route_type,
      })
      .from(liveHeartbeat)
      .innerJoin(routes, eq(routes.id, liveHeartbeat.route_id))
      .where(and(...filters))
      // `nulls last` as in the indexes (score is never null): otherwise the index order differs.
      .orderBy(sql`${liveHeartbeat.score} desc nulls last`, asc(liveHeartbeat.last_seen))
      .limit(opts.limit)
  );
}

/** A game of the tenant with its route; null when there is none (or it is another tenant's). */
export async function findGameWithRoute(db: Database, scope: TenantScope, gameId: string) {
  const [row] = await db
    .select({
      id: games.id,
      status: games.status,
      team_name: games.team_name,
      team_avatar_url: games.team_avatar_url,
      total_score: games.total_score,
      owner_email: games.owner_email,
      route: routeColumns,
    })
    .from(games)
    .innerJoin(routes, eq(routes.id, games.route_id))
    .where(and(inTenant(games.tenant_id, scope), eq(games.id, gameId)))
    .limit(1);
  return row ?? null;
}

/**
 * The team's scoreboard row on the route and its place on the route's whole ranking, counted
 * in SQL (rows ahead of it + 1, beyond the listed rows too); null when it has no row yet.
 */
export async function findTeamPlace(
  db: Database,
  scope: TenantScope,
  opts: { routeId: string; email: string },
) {
  // Written out: drizzle leaves columns of a one-table select unqualified, which inside the
  // subquery would name the inner table.
  const mine = sql`${liveHeartbeat}`;
  const [row] = await db
    .select({
      id: liveHeartbeat.id,
      position: sql<number>`(
        select count(*)::int + 1 from ${liveHeartbeat} as ahead
        where ahead.tenant_id = ${mine}.tenant_id
          and ahead.route_id = ${mine}.route_id
          and ahead.score >= ${mine}.score
          and (ahead.score > ${mine}.score or ahead.last_seen < ${mine}.last_seen)
      )`,
    })
    .from(liveHeartbeat)
    .where(
      and(
        inTenant(liveHeartbeat.tenant_id, scope),
        eq(liveHeartbeat.route_id, opts.routeId),
        eq(liveHeartbeat.email, opts.email),
      ),
    )
    .limit(1);
  return row ?? null;
}
