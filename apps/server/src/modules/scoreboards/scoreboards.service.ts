import {
  type RankingRow,
  RankingRowSchema,
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
import { listFrozenRankings, listRankingRows, listRoutePlaces } from './scoreboards.repository';

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
 * (last seen since local midnight), each at most SCOREBOARD_ROWS_MAX rows. A frozen route
 * (decision 0070) shows the rows it had at the freeze, with `frozen_at`; the rankings of all the
 * routes show a frozen route's frozen rows among the others' live ones, with the earliest
 * `frozen_at` of them.
 */
export async function computeRankings(db: Db, target: RankingTarget, now: Date): Promise<Rankings> {
  const routeId = target.route?.id ?? null;
  // The route's name as it is now: the target's may be from before a rename on another instance.
  const route = routeId
    ? ((await findRouteName(db, target.scope, { id: routeId })) ?? target.route)
    : null;
  const presented = route && presentScoreboardRoute(route);
  const since = startOfLocalDay(now, target.timeZone);
  const frozen = await listFrozenRankings(db, target.scope, routeId);
  if (routeId !== null && frozen[0]) {
    return {
      route: presented,
      ...frozenLists([frozen[0]], since),
      computed_at: now.toISOString(),
      frozen_at: frozen[0].frozen_at?.toISOString() ?? null,
    };
  }
  const frozenAt = frozen.flatMap((f) => (f.frozen_at ? [f.frozen_at.getTime()] : []));
  const exceptRouteIds = frozen.map((f) => f.route_id);
  const live = (sinceDay: Date | null) =>
    listRankingRows(db, target.scope, {
      routeId,
      since: sinceDay,
      limit: SCOREBOARD_ROWS_MAX,
      exceptRouteIds,
    });
  const overall = (await live(null)).map(presentRow);
  const today = (await live(since)).map(presentRow);
  const kept = frozenLists(frozen, since);
  return {
    route: presented,
    overall: frozen.length ? mergeRows(overall, kept.overall) : overall,
    today: frozen.length ? mergeRows(today, kept.today) : today,
    computed_at: now.toISOString(),
    frozen_at: frozenAt.length ? new Date(Math.min(...frozenAt)).toISOString() : null,
  };
}

/** The rows frozen routes kept: every overall row, and today's still of today. */
function frozenLists(
  frozen: readonly { overall: unknown[] | null; today: unknown[] | null }[],
  since: Date,
): { overall: RankingRow[]; today: RankingRow[] } {
  const sinceIso = since.toISOString();
  const rows = (list: unknown[] | null) => RankingRowSchema.array().parse(list ?? []);
  const overall = frozen.flatMap((f) => rows(f.overall));
  // A freeze of another day kept a "today" that is not today's any more.
  const today = frozen.flatMap((f) => rows(f.today)).filter((row) => row.last_seen >= sinceIso);
  return { overall: mergeRows([], overall), today: mergeRows([], today) };
}

/** Two ranking lists as one, ordered as the rankings are, numbered again, at most the rows max. */
function mergeRows(a: readonly RankingRow[], b: readonly RankingRow[]): RankingRow[] {
  return [...a, ...b]
    .sort(
      (x, y) =>
        y.score - x.score || (x.last_seen < y.last_seen ? -1 : x.last_seen > y.last_seen ? 1 : 0),
    )
    .slice(0, SCOREBOARD_ROWS_MAX)
    .map((row, index) => ({ ...row, position: index + 1 }));
}

/**
 * What a freeze keeps of the tenant's route at `now` (decision 0070): its live rankings (both
 * lists) and the place of each of its scoreboard rows, for `gameResults.read`.
 */
export async function snapshotRouteRankings(
  db: Db,
  target: RankingTarget & { route: RouteName },
  now: Date,
) {
  const list = (since: Date | null) =>
    listRankingRows(db, target.scope, {
      routeId: target.route.id,
      since,
      limit: SCOREBOARD_ROWS_MAX,
    });
  const overall = (await list(null)).map(presentRow);
  const today = (await list(startOfLocalDay(now, target.timeZone))).map(presentRow);
  const places = Object.fromEntries(
    (await listRoutePlaces(db, target.scope, target.route.id)).map((row) => [row.id, row.place]),
  );
  return { overall, today, places };
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
