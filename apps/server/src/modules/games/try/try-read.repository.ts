import type { ScoringConfig } from '@tappa/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/db';
import type { TenantScope } from '../../../db/scope';
import {
  GAME_READ_COLUMNS,
  type GameStepState,
  ROUTE_READ_COLUMNS,
  type RouteOfTry,
  STEP_READ_COLUMNS,
  STEP_STATE_JSON,
  type WrittenGame,
} from './try-columns.repository';
import type { TryToJudge } from './try-verdict';

// The reading statement of a try (see index.ts): everything the try needs, on one snapshot. An
// SQL template, as the writes are (try-write.repository.ts): every try runs it, and building it
// with the query builder cost ten times more (decision 0011, Throughput); its column lists come
// from the schema (try-columns.repository.ts). Values are always parameters; bigint and time
// stamps come back as float8 numbers on both drivers. The game's own rows are reached by its id,
// found under the tenant condition (decision 0015).

/** The reading statement's row: the game, its route, the step tried, its states and reply. */
type TryRow = TryToJudge['step'] &
  WrittenGame &
  RouteOfTry & {
    route_version: string;
    route_id: string;
    /** The route's `location_sharing` (the game's own is `location_sharing`). */
    route_asks_location: boolean;
    step_id: string | null;
    scoring: ScoringConfig | null;
    earlier: string | null;
    states: string | null;
  };

/** An epoch-milliseconds column as an instant, or null. */
const instantOf = (ms: number | null) => (ms === null ? null : new Date(ms));

/** Where the replies to a game's tries and skips are kept in `idempotency_keys`. */
export const gameReplyScope = (gameId: string) => `game:${gameId}`;

/**
 * What a try needs, in one statement on one snapshot: the team's own game of the tenant with the
 * version of its row (`xmin`, which every write of the row changes), its route, the step being
 * tried if it belongs to the route (none when `stepId` is null), the reply already given to
 * `submissionId`, and every game step's state in `ord` order; only the columns judging and
 * scoring read.
 */
export async function readTry(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; email: string; stepId: string | null; submissionId: string },
) {
  const [row] = await db.scoped(scope).execute<TryRow>(
    sql`select ${GAME_READ_COLUMNS}, r.xmin::text as route_version,
      r.id as route_id, ${ROUTE_READ_COLUMNS}, r.location_sharing as route_asks_location, s.id as step_id, ${STEP_READ_COLUMNS},
      (select k.response from idempotency_keys k
        where k.tenant_id = g.tenant_id and k.scope = ${gameReplyScope(opts.gameId)}
          and k.key = ${opts.submissionId}) as earlier,
      (select json_agg(json_build_object(${STEP_STATE_JSON}) order by st.ord)::text
        from game_steps gs join steps st on st.id = gs.step_id
        where gs.game_id = g.id) as states
    from games g
    join routes r on r.id = g.route_id and r.tenant_id = g.tenant_id
    left join steps s on s.id = ${opts.stepId} and s.route_id = g.route_id
    where g.tenant_id = ${scope.tenantId} and g.id = ${opts.gameId}
      and g.owner_email = ${opts.email}
    limit 1`,
  );
  if (!row) return null;
  return {
    game: {
      id: row.id,
      version: row.version,
      status: row.status,
      team_name: row.team_name,
      owner_email: row.owner_email,
      current_step_index: row.current_step_index,
      total_score: row.total_score,
      time_extension_minutes: row.time_extension_minutes,
      location_sharing: row.location_sharing,
      clock_at: new Date(row.clock_ms),
    },
    route: {
      id: row.route_id,
      version: row.route_version,
      route_type: row.route_type,
      geolocation_enabled: row.geolocation_enabled,
      time_limit_enabled: row.time_limit_enabled,
      time_limit_hours: row.time_limit_hours,
      time_limit_minutes: row.time_limit_minutes,
      event_start_at: instantOf(row.event_start_at_ms),
      event_end_at: instantOf(row.event_end_at_ms),
      event_paused_at: instantOf(row.event_paused_at_ms),
      location_sharing: row.route_asks_location,
    },
    step:
      row.step_id === null
        ? null
        : {
            id: row.step_id,
            check_type: row.check_type,
            check_answer: row.check_answer,
            multiple: row.multiple,
            lat: row.lat,
            lng: row.lng,
            radius_m: row.radius_m,
            orientation_deg: row.orientation_deg,
            scoring: row.scoring,
            review: row.review,
            also_accept: row.also_accept,
            relaxed_match: row.relaxed_match,
          },
    states: row.states === null ? [] : (JSON.parse(row.states) as GameStepState[]),
    earlier: row.earlier === null ? null : (JSON.parse(row.earlier) as unknown),
  };
}

/** A try as read (or as the try cache keeps it): the game, its route, step, states and reply. */
export type LoadedTry = NonNullable<Awaited<ReturnType<typeof readTry>>>;
