import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';

// Per-step analytics (issue 38, decision 0088): computed from what the games keep, in two
// statements over the games of one route started in a range.

/** Which games count: the tenant's route's, started in `[from, to)` (either end open). */
export interface AnalyticsRange {
  routeId: string;
  from: Date | null;
  to: Date | null;
}

/** One step's row as `listStepAnalytics` reads it. */
export interface StepAnalyticsRow {
  step_id: string;
  number: number;
  place: string;
  reached: number;
  solved: number;
  skipped: number;
  on_it: number;
  median_solve_ms: number | null;
  p90_solve_ms: number | null;
  mean_tries: number | null;
  first_try: number;
  hints_taken: number;
  hint_points: number;
  drop_off: number;
}

/** The range's games: a CTE `g` of their ids, team, status, score and times. */
export function rangeGames(scope: TenantScope, range: AnalyticsRange): SQL {
  const started = sql`coalesce(started_at, created_at)`;
  return sql`g as materialized (
      select id, team_name, owner_email, last_active_at, status, total_score,
        ${started} as started_at,
        case when status = 'completed' then coalesce(finished_at, updated_at) end as ended_at
      from games
      where tenant_id = ${scope.tenantId}::uuid and route_id = ${range.routeId}::uuid
        ${range.from ? sql`and ${started} >= ${range.from}::timestamptz` : sql``}
        ${range.to ? sql`and ${started} < ${range.to}::timestamptz` : sql``}
    )`;
}

/** The route's steps: a CTE `s` of their ids, places, numbers (from 1) and next step's id. */
export function routeSteps(scope: TenantScope, routeId: string): SQL {
  // Materialized: a join per game must not number the route's steps again for each game.
  return sql`s as materialized (
      select st.id, st.place, st.ord,
        row_number() over (order by st.ord, st.id)::int as number,
        lead(st.id) over (order by st.ord, st.id) as next_id
      from steps st join routes r on r.id = st.route_id
      where r.tenant_id = ${scope.tenantId}::uuid and st.route_id = ${routeId}::uuid
    )`;
}

/**
 * Each step of the route in its order with its figures over the range's games (decision 0088):
 * reached, solved, skipped, on it now, the time to solve (median and p90, `percentile_cont`),
 * tries, hints and drop-off.
 */
export function listStepAnalytics(
  db: Db,
  scope: TenantScope,
  range: AnalyticsRange & { exploration: boolean },
): Promise<StepAnalyticsRow[]> {
  const reached = sql`(gs.started_ms is not null or gs.status <> 'pending')`;
  const solveMs = sql`(gs.ended_ms - gs.started_ms)`;
  const solvedTimed = sql`gs.status = 'ok' and gs.ended_ms is not null and gs.started_ms is not null`;
  // A game over that reached the step and went no further: it never reached the next one, or,
  // on the last step and on an exploration route, never ended it.
  const dropped = range.exploration
    ? sql`gm.status = 'completed' and ${reached} and gs.status = 'pending'`
    : sql`gm.status = 'completed' and ${reached} and case when s.next_id is null
        then gs.status = 'pending'
        else ns.started_ms is null and coalesce(ns.status, 'pending') = 'pending' end`;
  return db.scoped(scope).execute<StepAnalyticsRow>(
    sql`with ${rangeGames(scope, range)},
      ${routeSteps(scope, range.routeId)},
      h as (
        select gh.step_id, count(*)::int as taken, coalesce(sum(gh.cost), 0)::int as points
        from game_hints gh join g on g.id = gh.game_id
        where gh.tenant_id = ${scope.tenantId}::uuid
        group by gh.step_id
      )
      select s.id as step_id, s.number, s.place,
        count(gs.id) filter (where ${reached})::int as reached,
        count(gs.id) filter (where gs.status = 'ok')::int as solved,
        count(gs.id) filter (where gs.status = 'skipped')::int as skipped,
        count(gs.id) filter (where ${reached} and gs.status = 'pending'
          and gm.status <> 'completed')::int as on_it,
        percentile_cont(0.5) within group (order by ${solveMs})
          filter (where ${solvedTimed}) as median_solve_ms,
        percentile_cont(0.9) within group (order by ${solveMs})
          filter (where ${solvedTimed}) as p90_solve_ms,
        avg(gs.attempts) filter (where gs.attempts > 0)::float8 as mean_tries,
        count(gs.id) filter (where gs.status = 'ok' and gs.attempts = 1)::int as first_try,
        coalesce(max(h.taken), 0)::int as hints_taken,
        coalesce(max(h.points), 0)::int as hint_points,
        count(gs.id) filter (where ${dropped})::int as drop_off
      from s
        left join game_steps gs on gs.step_id = s.id and gs.game_id in (select id from g)
        -- The game by its key, not through the range's list: a join on the list's rows, which
        -- the planner cannot count, went through the list once per game step (30,000 × 1,000).
        left join games gm on gm.id = gs.game_id
        left join game_steps ns on ns.game_id = gs.game_id and ns.step_id = s.next_id
        left join h on h.step_id = s.id
      group by s.id, s.number, s.place
      order by s.number`,
  );
}

/** The range's games as the route's figures need them: status, score and time taken. */
export function listRangeGames(
  db: Db,
  scope: TenantScope,
  range: AnalyticsRange,
): Promise<{ status: string; total_score: number; total_ms: number | null }[]> {
  return db.scoped(scope).execute(
    sql`with ${rangeGames(scope, range)}
      select status, total_score,
        (extract(epoch from ended_at - started_at) * 1000)::float8 as total_ms
      from g`,
  );
}
