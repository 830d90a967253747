import type {
  AnalyticsQuery,
  EventReport,
  ReportTeam,
  RouteStandings,
  Standing,
} from '@tappa/contracts';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { listGamesLedger } from '../ledger/ledger.service';
import { requireRoute } from '../routes/routes.service';
import { rangeOf, readRouteAnalytics } from './analytics.service';
import { listGameSteps, listStandings, type StandingRow } from './report.repository';

// The event report and the certificates' standings (issue 38, decision 0088).

/** What a read of the report is asked: the query and the server's clock. */
interface ReportRead {
  query: AnalyticsQuery;
  now: Date;
}

function presentStanding(row: StandingRow): Standing {
  return {
    game_id: row.game_id,
    rank: row.rank,
    team_name: row.team_name,
    score: row.score,
    total_ms: row.total_ms,
    status: row.status,
    started_at: new Date(row.started_at).toISOString(),
  };
}

/** `analytics.standings`: the final standings of the route's games started in the range. */
export async function readRouteStandings(
  db: Db,
  scope: TenantScope,
  opts: ReportRead,
): Promise<RouteStandings> {
  const route = await requireRoute(db, scope, opts.query.route);
  const range = rangeOf(route.id, opts.query);
  const rows = await listStandings(db, scope, range);
  return {
    route: { id: route.id, slug: route.slug, title: route.title },
    from: range.from?.toISOString() ?? null,
    to: range.to?.toISOString() ?? null,
    standings: rows.map(presentStanding),
    computed_at: opts.now.toISOString(),
  };
}

/**
 * `analytics.report`: the route's analytics, its final standings, and each game's steps and
 * ledger in the standings' order — three reads over all the range's games, none per team.
 */
export async function readEventReport(
  db: Db,
  scope: TenantScope,
  opts: ReportRead,
): Promise<EventReport> {
  const analytics = await readRouteAnalytics(db, scope, opts);
  const range = rangeOf(analytics.route.id, opts.query);
  const [standings, steps] = await Promise.all([
    listStandings(db, scope, range),
    listGameSteps(db, scope, range),
  ]);
  const gameIds = standings.map((row) => row.game_id);
  const ledger = gameIds.length
    ? await listGamesLedger(db, scope, { routeId: range.routeId, gameIds })
    : [];
  const numbers = new Map(analytics.steps.map((step) => [step.step_id, step.number]));
  const stepsOf = new Map(steps.map((row) => [row.game_id, row.steps]));
  const ledgerOf = new Map(ledger.map((row) => [row.game_id, row.entries]));
  const teams = gameIds.map((id): ReportTeam => ({
    game_id: id,
    steps: stepsOf.get(id) ?? [],
    ledger: (ledgerOf.get(id) ?? []).map(({ step_id: stepId, ...entry }) => ({
      ...entry,
      step: stepId === null ? null : (numbers.get(stepId) ?? null),
    })),
  }));
  return { analytics, standings: standings.map(presentStanding), teams };
}
