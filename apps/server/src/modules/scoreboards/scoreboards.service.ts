import {
  type GameResult,
  type RankingRow,
  type Rankings,
  SCOREBOARD_ROWS_MAX,
  type ScoreboardRoute,
  type ScoreboardRoutes,
} from '@tappa/contracts';
import { startOfLocalDay } from '@tappa/domain';
import type { Database } from '../../db/client';
import type { TenantScope } from '../../db/scope';
import { notFound } from '../../errors';
import { requirePlayableTenant } from '../play/player.service';
import {
  findGameWithRoute,
  findRouteBySlug,
  findTeamPlace,
  listActiveRoutes,
  listRankingRows,
  type ScoreboardRouteRow,
} from './scoreboards.repository';

/** What one ranking is computed for: all the tenant's (active) routes, or one route. */
export interface RankingTarget {
  scope: TenantScope;
  /** The tenant's time zone: "today" starts at its local midnight. */
  timeZone: string;
  route: ScoreboardRouteRow | null;
}

const presentRoute = (route: ScoreboardRouteRow): ScoreboardRoute => ({
  slug: route.slug,
  title: route.title,
  route_type: route.route_type,
});

/**
 * The tenant of a public scoreboard (inactive or expired tenants answer like the other player
 * endpoints) and the route filtered on; an unknown route slug is a 404.
 */
export async function resolveRankingTarget(
  db: Database,
  opts: { slug: string; routeSlug: string | null; now: Date },
): Promise<RankingTarget> {
  const { tenant, scope } = await requirePlayableTenant(db, opts.slug, opts.now);
  if (!opts.routeSlug) return { scope, timeZone: tenant.time_zone, route: null };
  const route = await findRouteBySlug(db, scope, opts.routeSlug);
  if (!route) throw notFound('Route non trovata');
  return { scope, timeZone: tenant.time_zone, route };
}

/**
 * The rankings of a target at `now` (doc 2 §7 'Scoreboards'): the overall list and today's list
 * (last seen since local midnight), each at most SCOREBOARD_ROWS_MAX rows.
 */
export async function computeRankings(
  db: Database,
  target: RankingTarget,
  now: Date,
): Promise<Rankings> {
  const routeId = target.route?.id ?? null;
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
    route: target.route && presentRoute(target.route),
    overall: overall.map(presentRow),
    today: today.map(presentRow),
    computed_at: now.toISOString(),
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
export async function listScoreboardRoutes(
  db: Database,
  opts: { slug: string; now: Date },
): Promise<ScoreboardRoutes> {
  const { scope } = await requirePlayableTenant(db, opts.slug, opts.now);
  const routes = await listActiveRoutes(db, scope);
  return { routes: routes.map(presentRoute) };
}

/**
 * The end-of-game card of a game of the tenant: team, score, status, route, and the team's place
 * and row on the route's overall ranking (null before the team has a row). No e-mail leaves.
 */
export async function loadGameResult(
  db: Database,
  opts: { slug: string; gameId: string; now: Date },
): Promise<GameResult> {
  const { scope } = await requirePlayableTenant(db, opts.slug, opts.now);
  const game = await findGameWithRoute(db, scope, opts.gameId);
  if (!game) throw notFound('Gioco non trovato');
  const place = await findTeamPlace(db, scope, {
    routeId: game.route.id,
    email: game.owner_email,
  });
  return {
    game_id: game.id,
    status: game.status,
    team_name: game.team_name,
    team_avatar_url: game.team_avatar_url,
    total_score: game.total_score,
    route: presentRoute(game.route),
    position: place?.position ?? null,
    row_id: place?.id ?? null,
  };
}
