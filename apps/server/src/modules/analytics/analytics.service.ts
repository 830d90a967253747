import type { AnalyticsQuery, RouteAnalytics, ScoreBand } from '@tappa/contracts';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import type { Clock } from '../../infra/clock';
import type { TenantReadCache } from '../../infra/read-cache';
import { requireRoute } from '../routes/routes.service';
import { type AnalyticsRange, listRangeGames, listStepAnalytics } from './analytics.repository';

/** The score bands of the analytics: at most this many, of equal width. */
const SCORE_BANDS = 10;
/**
 * A read is answered again from the cache within the same bucket of this many ms of business
 * time (decision 0088): the page polls every 5 s, one computation per bucket per route.
 */
export const ANALYTICS_BUCKET_MS = 5_000;

/** The `p`-th percentile (0–1) of `values`, linear between ranks, as `percentile_cont`. */
function percentileCont(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = p * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/** `scores` in up to SCORE_BANDS bands of equal width from the lowest to the highest. */
function scoreBands(scores: readonly number[]): ScoreBand[] {
  if (scores.length === 0) return [];
  const min = Math.min(...scores);
  const max = Math.max(...scores);
  const width = Math.max(1, Math.ceil((max - min + 1) / SCORE_BANDS));
  const bands: ScoreBand[] = [];
  for (let from = min; from <= max; from += width) {
    const to = Math.min(max, from + width - 1);
    bands.push({ from, to, games: scores.filter((s) => s >= from && s <= to).length });
  }
  return bands;
}

/** The games a query counts: the route's, started in its `[from, to)` (either end open). */
export function rangeOf(
  routeId: string,
  query: Pick<AnalyticsQuery, 'from' | 'to'>,
): AnalyticsRange {
  return {
    routeId,
    from: query.from ? new Date(query.from) : null,
    to: query.to ? new Date(query.to) : null,
  };
}

/** A route's analytics over the games started in the query's range (decision 0088). */
export async function readRouteAnalytics(
  db: Db,
  scope: TenantScope,
  opts: { query: AnalyticsQuery; now: Date },
): Promise<RouteAnalytics> {
  const route = await requireRoute(db, scope, opts.query.route);
  const range = rangeOf(route.id, opts.query);
  const [steps, games] = await Promise.all([
    listStepAnalytics(db, scope, { ...range, exploration: route.route_type === 'exploration' }),
    listRangeGames(db, scope, range),
  ]);
  const over = games.filter((g) => g.status === 'completed');
  const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);
  return {
    route: { id: route.id, slug: route.slug, title: route.title },
    from: range.from?.toISOString() ?? null,
    to: range.to?.toISOString() ?? null,
    started: games.length,
    finished: over.length,
    median_total_ms: percentileCont(
      over.flatMap((g) => (g.total_ms === null ? [] : [g.total_ms])),
      0.5,
    ),
    score_bands: scoreBands(games.map((g) => g.total_score)),
    steps: steps.map(({ first_try: firstTry, ...row }) => ({
      ...row,
      solve_rate: share(row.solved, row.reached),
      first_try_share: share(firstTry, row.solved),
    })),
    computed_at: opts.now.toISOString(),
  };
}

/**
 * `readRouteAnalytics`, answered from `cache` within a 5 s bucket of the clock's time (decision
 * 0088): keyed by tenant, route, range and bucket; concurrent identical reads share one
 * computation; a route's edit forgets it (the 'content' signal).
 */
export async function readRouteAnalyticsCached(
  db: Db,
  scope: TenantScope,
  opts: { query: AnalyticsQuery; clock: Clock; cache: TenantReadCache<RouteAnalytics> },
): Promise<RouteAnalytics> {
  const now = opts.clock.now();
  const { route, from, to } = opts.query;
  const instant = (value: string | undefined) => (value ? new Date(value).toISOString() : '');
  const bucket = Math.floor(now.getTime() / ANALYTICS_BUCKET_MS);
  const key = [scope.tenantId, route, instant(from), instant(to), bucket].join('|');
  const load = async () => ({
    tenantId: scope.tenantId,
    value: await readRouteAnalytics(db, scope, { query: opts.query, now }),
  });
  // The load never answers null (an unknown route throws), so the cache always has a value.
  return (await opts.cache.read(key, load)) ?? (await load()).value;
}
