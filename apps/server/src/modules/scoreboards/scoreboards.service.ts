import {
  type RankingRow,
  type Rankings,
  SCOREBOARD_ROWS_MAX,
  type ScoreboardRoute,
  type ScoreboardRoutes,
} from '@tappa/contracts';
import { startOfLocalDay } from '@tappa/domain';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import type { TenantAccess } from '../access/access';
import { findRouteName, listActiveRouteNames, type RouteName } from '../routes/routes.service';
import { listRankingRows } from './scoreboards.repository';

export { deleteTeamRows, findTeamPlace, scoreboardRowUpsert } from './scoreboards.repository';

/** What one ranking is computed for: all the tenant's (active) routes, or one route. */
export interface RankingTarget {
  scope: TenantScope;
  /** The tenant's time zone: "today" starts at its local midnight. */
  timeZone: string;
  route: RouteName | null;
}

/** A route as the scoreboards show it. */
export const presentScoreboardRoute = (route: RouteName): ScoreboardRoute => ({
  slug: route.slug,
  title: route.title,
  route_type: route.route_type,
});

/** Where the route lookups of the public scoreboards are kept (the rankings hub's aliases). */
export interface RouteLookups {
  resolveAlias(
    group: string,
    alias: string,
    find: (alias: string) => Promise<RankingTarget | null>,
  ): Promise<RankingTarget | null>;
}

/** The target of a public scoreboard: the tenant, and the route filtered on (unknown: 404). */
export async function resolveRankingTarget(
  db: Db,
  lookups: RouteLookups,
  { tenant, scope }: TenantAccess,
  routeSlug: string | null,
): Promise<RankingTarget> {
  const base = { scope, timeZone: tenant.time_zone };
  if (!routeSlug) return { ...base, route: null };
  const target = await lookups.resolveAlias(scope.tenantId, routeSlug, async (slug) => {
    const route = await findRouteName(db, scope, { slug });
    return route && { ...base, route };
  });
  if (!target) throw new AppError('route_not_found');
  // A kept lookup keeps its route; the tenant's part is this request's (its time zone).
  return { ...base, route: target.route };
}

/**
 * The rankings of a target at `now` (doc 2 §7 'Scoreboards'): the overall list and today's list
 * (last seen since local midnight), each at most SCOREBOARD_ROWS_MAX rows.
 */
export async function computeRankings(db: Db, target: RankingTarget, now: Date): Promise<Rankings> {
  const routeId = target.route?.id ?? null;
  // The route's name as it is now: the target's may be from before a rename on another instance.
  const route = routeId
    ? ((await findRouteName(db, target.scope, { id: routeId })) ?? target.route)
    : null;
  const overall = await listRankingRows(db, target.scope, {
    routeId,
    since: null,
    limit: SCOREBOARD_ROWS_MAX,
  });
  const today = await listRankingRows(db, target.scope, {
    routeId,
    since: startOfLocalDay(now, target.timeZone),
    limit: SCOREBOARD_ROWS_MAX,
  });
  return {
    route: route && presentScoreboardRoute(route),
    overall: overall.map(presentRow),
    today: today.map(presentRow),
    computed_at: now.toISOString(),
    // Frozen standings (issue 31) come with the live console's freeze.
    frozen_at: null,
  };
}

function presentRow(
  row: Awaited<ReturnType<typeof listRankingRows>>[number],
  index: number,
): RankingRow {
  return {
    id: row.id,
    position: index + 1,
    team_name: row.team_name,
    score: row.score,
    progress: row.progress,
    total: row.total,
    last_seen: row.last_seen.toISOString(),
    route_type: row.route_type,
  };
}

/** The scoreboard's route filter: the tenant's active routes, ordered by title. */
export async function listScoreboardRoutes(db: Db, scope: TenantScope): Promise<ScoreboardRoutes> {
  const routes = await listActiveRouteNames(db, scope);
  return { routes: routes.map(presentScoreboardRoute) };
}
