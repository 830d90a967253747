import type { ReportTeamStep } from '@tappa/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { type AnalyticsRange, rangeGames, routeSteps } from './analytics.repository';

// The event report's reads (issue 38, decision 0088): the range's final standings and every
// game's steps, each in one set-based statement (a thousand teams of thirty steps is one read).

/** A game of the range on the standings, as `listStandings` reads it. */
export interface StandingRow {
  game_id: string;
  rank: number;
  team_name: string;
  score: number;
  total_ms: number | null;
  status: 'active' | 'paused' | 'completed';
  started_at: Date | string;
}

/**
 * The range's games, best first, with the scoreboards' rule (`listRoutePlaces`): score
 * descending, then the earlier last scoring moment — the team's scoreboard row's `last_seen`, or
 * the game's last activity when it has none — and equal on both, the same place (`rank()`).
 */
export function listStandings(
  db: Db,
  scope: TenantScope,
  range: AnalyticsRange,
): Promise<StandingRow[]> {
  return db.scoped(scope).execute<StandingRow>(
    sql`with ${rangeGames(scope, range)}
      select g.id as game_id, g.team_name, g.status, g.total_score as score, g.started_at,
        (extract(epoch from g.ended_at - g.started_at) * 1000)::float8 as total_ms,
        (rank() over (order by g.total_score desc,
          coalesce(h.last_seen, g.last_active_at) asc))::int as rank
      from g
        left join live_heartbeat h on h.tenant_id = ${scope.tenantId}::uuid
          and h.route_id = ${range.routeId}::uuid and h.email = g.owner_email
      order by rank, g.team_name, g.id`,
  );
}

/** Every step of the range's games in the route's order, one row per game (as JSON). */
export function listGameSteps(
  db: Db,
  scope: TenantScope,
  range: AnalyticsRange,
): Promise<{ game_id: string; steps: ReportTeamStep[] }[]> {
  const timeMs = sql`case when gs.ended_ms is not null and gs.started_ms is not null
    then gs.ended_ms - gs.started_ms end`;
  // Gathered per game by the database: 30,000 rows cost more to carry than 1,000.
  return db.scoped(scope).execute(
    sql`with ${rangeGames(scope, range)}, ${routeSteps(scope, range.routeId)}
      select gs.game_id, json_agg(json_build_object('number', s.number, 'status', gs.status,
        'tries', gs.attempts, 'time_ms', ${timeMs}, 'points', gs.points) order by s.number) as steps
      from g
        join game_steps gs on gs.game_id = g.id
        join s on s.id = gs.step_id
      group by gs.game_id`,
  );
}
