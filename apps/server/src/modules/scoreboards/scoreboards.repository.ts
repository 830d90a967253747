import { and, asc, desc, eq, gte, isNotNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { liveHeartbeat, routeLive, routes } from '../../db/schema';
import type { TenantScope } from '../../db/scope';

/** A team's scoreboard row of a route, as a try writes it. */
export interface ScoreboardRowValues {
  routeId: string;
  teamName: string;
  email: string;
  score: number;
  progress: number;
  total: number;
  lastSeen: Date;
}

/**
 * Scoreboard rows ordered by score descending, then the earlier last_seen first. Without a route:
 * only the rows of active routes. Filters and order follow `live_heartbeat_tenant_rank_idx` /
 * `live_heartbeat_route_rank_idx`, so the first rows come straight off the index.
 */
export function listRankingRows(
  db: Db,
  scope: TenantScope,
  opts: {
    routeId: string | null;
    since: Date | null;
    limit: number;
    /** Routes left out (frozen ones, whose frozen rows stand in for them). */
    exceptRouteIds?: readonly string[];
  },
) {
  const scoped = db.scoped(scope);
  const filters: SQL[] = [
    opts.routeId === null ? eq(routes.is_active, true) : eq(liveHeartbeat.route_id, opts.routeId),
  ];
  if (opts.since) filters.push(gte(liveHeartbeat.last_seen, opts.since));
  if (opts.exceptRouteIds?.length) {
    filters.push(notInArray(liveHeartbeat.route_id, [...opts.exceptRouteIds]));
  }
  return (
    scoped
      .select({
        id: liveHeartbeat.id,
        team_name: liveHeartbeat.team_name,
        score: liveHeartbeat.score,
        progress: liveHeartbeat.progress,
        total: liveHeartbeat.total,
        last_seen: liveHeartbeat.last_seen,
        route_type: routes.route_type,
      })
      .from(liveHeartbeat, and(...filters))
      .innerJoin(routes, scoped.on(routes, eq(routes.id, liveHeartbeat.route_id)))
      // `nulls last` as in the indexes (score is never null): otherwise the index order differs.
      .orderBy(sql`${liveHeartbeat.score} desc nulls last`, asc(liveHeartbeat.last_seen))
      .limit(opts.limit)
  );
}

/**
 * The team's scoreboard row on the route and its place on the route's whole ranking, counted
 * in SQL (rows ahead of it + 1, beyond the listed rows too); null when it has no row yet. While
 * the route is frozen (decision 0070) the place is the one its row had at the freeze (null for a
 * row made since).
 */
export async function findTeamPlace(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; email: string },
) {
  // Written out: drizzle leaves columns of a one-table select unqualified, which inside the
  // subquery would name the inner table.
  const mine = sql`${liveHeartbeat}`;
  const [row] = await db
    .scoped(scope)
    .select({
      id: liveHeartbeat.id,
      position: sql<number | null>`case when ${routeLive.frozen_at} is null then (
        select count(*)::int + 1 from ${liveHeartbeat} as ahead
        where ahead.tenant_id = ${mine}.tenant_id
          and ahead.route_id = ${mine}.route_id
          and ahead.score >= ${mine}.score
          and (ahead.score > ${mine}.score or ahead.last_seen < ${mine}.last_seen)
      ) else (${routeLive.frozen_rows} -> 'places' ->> (${mine}.id)::text)::int end`,
    })
    .from(
      liveHeartbeat,
      and(eq(liveHeartbeat.route_id, opts.routeId), eq(liveHeartbeat.email, opts.email)),
    )
    .leftJoin(
      routeLive,
      and(
        eq(routeLive.route_id, liveHeartbeat.route_id),
        eq(routeLive.tenant_id, liveHeartbeat.tenant_id),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The route's scoreboard rows, best first (the CSV export). */
export function listRouteRows(db: Db, scope: TenantScope, routeId: string) {
  return db
    .scoped(scope)
    .selectFrom(liveHeartbeat, eq(liveHeartbeat.route_id, routeId))
    .orderBy(desc(liveHeartbeat.score), asc(liveHeartbeat.last_seen));
}

/** Deletes the scoreboard rows of the tenant (of one route, and/or seen since a moment). */
export async function deleteRows(
  db: Db,
  scope: TenantScope,
  opts: { routeId?: string; seenSince?: Date },
): Promise<number> {
  const deleted = await db
    .scoped(scope)
    .delete(
      liveHeartbeat,
      and(
        opts.routeId === undefined ? undefined : eq(liveHeartbeat.route_id, opts.routeId),
        opts.seenSince === undefined ? undefined : gte(liveHeartbeat.last_seen, opts.seenSince),
      ),
    )
    .returning({ id: liveHeartbeat.id });
  return deleted.length;
}

/** Deletes the team's scoreboard rows of the tenant (every route); answers their routes. */
export async function deleteTeamRows(db: Db, scope: TenantScope, email: string): Promise<string[]> {
  const deleted = await db
    .scoped(scope)
    .delete(liveHeartbeat, eq(liveHeartbeat.email, email))
    .returning({ route_id: liveHeartbeat.route_id });
  return deleted.map((row) => row.route_id);
}

/**
 * The upsert of the team's scoreboard row (one per tenant, route and e-mail), as a statement for
 * the caller to send with its other writes (the hot try path, decision 0011), made only `when`
 * the caller's condition holds (decision 0051).
 */
export function scoreboardRowUpsert(
  scope: TenantScope,
  values: ScoreboardRowValues,
  when: SQL,
): SQL {
  return sql`insert into live_heartbeat
      (tenant_id, route_id, team_name, email, score, progress, total, last_seen)
    select ${scope.tenantId}::uuid, ${values.routeId}::uuid, ${values.teamName}::text,
      ${values.email}::text, ${values.score}::integer, ${values.progress}::integer,
      ${values.total}::integer, ${values.lastSeen}::timestamptz
    where ${when}
    on conflict (tenant_id, route_id, email) do update set
      team_name = excluded.team_name, score = excluded.score, progress = excluded.progress,
      total = excluded.total, last_seen = excluded.last_seen`;
}

/** The frozen rankings of the tenant's route, or of each of its active routes (decision 0070). */
export function listFrozenRankings(db: Db, scope: TenantScope, routeId: string | null) {
  const scoped = db.scoped(scope);
  return scoped
    .select({
      route_id: routeLive.route_id,
      frozen_at: routeLive.frozen_at,
      overall: sql<unknown[] | null>`${routeLive.frozen_rows} -> 'overall'`,
      today: sql<unknown[] | null>`${routeLive.frozen_rows} -> 'today'`,
    })
    .from(
      routeLive,
      and(
        isNotNull(routeLive.frozen_at),
        routeId === null ? eq(routes.is_active, true) : eq(routeLive.route_id, routeId),
      ),
    )
    .innerJoin(routes, scoped.on(routes, eq(routes.id, routeLive.route_id)));
}

/**
 * The place of each of the route's scoreboard rows on its whole ranking (ties share a place, as
 * `findTeamPlace` counts them), for a freeze.
 */
export function listRoutePlaces(db: Db, scope: TenantScope, routeId: string) {
  return db
    .scoped(scope)
    .select({
      id: liveHeartbeat.id,
      place: sql<number>`(rank() over (order by ${liveHeartbeat.score} desc nulls last,
        ${liveHeartbeat.last_seen} asc))::int`,
    })
    .from(liveHeartbeat, eq(liveHeartbeat.route_id, routeId));
}
