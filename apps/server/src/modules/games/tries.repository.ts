import type { ScoringConfig, TokenBucket } from '@tappa/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { games, gameSteps, routes } from '../../db/schema';
import type { TenantScope } from '../../db/scope';
import type { TryToJudge } from './try-verdict';

// The statements of a try are written by hand: every try runs them, and building them with the
// query builder cost ten times more than the SQL template (decision 0011, Throughput). Values
// are always parameters; bigint and time stamps come back as float8 numbers on both drivers.
// Every statement starts from the game locked under the tenant condition (`lockGameForTry`):
// the game's own rows are then reached by its id (decision 0015).

/** The locking statement's row: the game, its route and (when it belongs) the step tried. */
type TryRow = TryToJudge['step'] & {
  id: string;
  status: (typeof games.$inferSelect)['status'];
  team_name: string;
  owner_email: string;
  current_step_index: number;
  total_score: number;
  created_ms: number;
  route_id: string;
  route_type: (typeof routes.$inferSelect)['route_type'];
  geolocation_enabled: boolean;
  time_limit_enabled: boolean;
  time_limit_hours: number;
  time_limit_minutes: number;
  step_id: string | null;
  scoring: ScoringConfig | null;
};

/**
 * What a try needs, in one statement: the team's own game of the tenant (locked for the rest of
 * the transaction), its route, and the step being tried if it belongs to the route (none when
 * `stepId` is null); only the columns judging and scoring read.
 */
export async function lockGameForTry(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; email: string; stepId: string | null },
) {
  const [row] = await db.scoped(scope).execute<TryRow>(
    sql`select g.id, g.status, g.team_name, g.owner_email, g.current_step_index, g.total_score,
      (extract(epoch from g.created_at) * 1000)::float8 as created_ms,
      r.id as route_id, r.route_type, r.geolocation_enabled, r.time_limit_enabled,
      r.time_limit_hours, r.time_limit_minutes,
      s.id as step_id, s.check_type, s.check_answer, s.multiple, s.lat, s.lng, s.radius_m,
      s.orientation_deg, s.scoring
    from games g
    join routes r on r.id = g.route_id and r.tenant_id = g.tenant_id
    left join steps s on s.id = ${opts.stepId} and s.route_id = g.route_id
    where g.tenant_id = ${scope.tenantId} and g.id = ${opts.gameId}
      and g.owner_email = ${opts.email}
    limit 1
    for update of g`,
  );
  if (!row) return null;
  return {
    game: {
      id: row.id,
      status: row.status,
      team_name: row.team_name,
      owner_email: row.owner_email,
      current_step_index: row.current_step_index,
      total_score: row.total_score,
      created_at: new Date(row.created_ms),
    },
    route: {
      id: row.route_id,
      route_type: row.route_type,
      geolocation_enabled: row.geolocation_enabled,
      time_limit_enabled: row.time_limit_enabled,
      time_limit_hours: row.time_limit_hours,
      time_limit_minutes: row.time_limit_minutes,
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
          },
  };
}

/** The state of the locked game's steps in the route's `ord` order. */
export function listGameStepStates(db: Db, scope: TenantScope, gameId: string) {
  return db.scoped(scope).execute<{
    id: string;
    step_id: string;
    status: (typeof gameSteps.$inferSelect)['status'];
    attempts: number;
    first_attempt_ms: number | null;
    started_ms: number | null;
    photo_url: string | null;
    wrong_try_tokens: number | null;
    wrong_try_tokens_ms: number | null;
  }>(
    sql`select gs.id, gs.step_id, gs.status, gs.attempts,
      gs.first_attempt_ms::float8 as first_attempt_ms, gs.started_ms::float8 as started_ms,
      gs.photo_url, gs.wrong_try_tokens, gs.wrong_try_tokens_ms::float8 as wrong_try_tokens_ms
    from game_steps gs join steps s on s.id = gs.step_id
    where gs.game_id = ${gameId}
    order by s.ord`,
  );
}

/** Where the replies to a game's tries and skips are kept in `idempotency_keys`. */
export const gameReplyScope = (gameId: string) => `game:${gameId}`;

/** The reply already given to a client-generated request id of the tenant, if any. */
export async function findReply(db: Db, scope: TenantScope, opts: { scope: string; key: string }) {
  const [row] = await db.scoped(scope).execute<{ response: string }>(
    sql`select response from idempotency_keys
    where tenant_id = ${scope.tenantId} and scope = ${opts.scope} and key = ${opts.key}
    limit 1`,
  );
  return row ? (JSON.parse(row.response) as unknown) : null;
}

/** Remembers the reply to a request id, in the same transaction as its effects (a lazy query). */
export function saveReply(
  scope: TenantScope,
  opts: { scope: string; key: string; response: unknown },
): SQL {
  return sql`insert into idempotency_keys (tenant_id, scope, key, status_code, response)
    values (${scope.tenantId}, ${opts.scope}, ${opts.key}, 200, ${JSON.stringify(opts.response)})`;
}

/** The locked game's step, its clocks and its wrong tries left after a wrong try (lazy). */
export function recordWrongTry(opts: {
  gameId: string;
  gameStepId: string;
  attempts: number;
  firstAttemptMs: number;
  startedMs: number;
  bucket: TokenBucket;
}): SQL {
  return sql`update game_steps set attempts = ${opts.attempts},
      first_attempt_ms = ${opts.firstAttemptMs}, started_ms = ${opts.startedMs},
      wrong_try_tokens = ${opts.bucket.tokens}, wrong_try_tokens_ms = ${opts.bucket.atMs}
    where id = ${opts.gameStepId} and game_id = ${opts.gameId}`;
}

/** A step of the locked game solved (`ok`, with the try's measures) or skipped (a lazy query). */
export function finishStep(opts: {
  gameId: string;
  gameStepId: string;
  status: 'ok' | 'skipped';
  points: number;
  startedMs: number;
  endedMs: number;
  /** The try that solved it; absent for a skip (attempts and measures stay). */
  tried?: {
    attempts: number;
    firstAttemptMs: number;
    distanceM: number | null;
    headingOk: boolean | null;
  };
}): SQL {
  const { tried } = opts;
  const measures = tried
    ? sql`, attempts = ${tried.attempts}, first_attempt_ms = ${tried.firstAttemptMs},
      distance_m = ${tried.distanceM}, heading_ok = ${tried.headingOk}`
    : sql``;
  return sql`update game_steps set status = ${opts.status}, points = ${opts.points},
      started_ms = ${opts.startedMs}, ended_ms = ${opts.endedMs}${measures}
    where id = ${opts.gameStepId} and game_id = ${opts.gameId}`;
}

/** The clock of the locked game's step a team moves on to (a lazy query). */
export function startStepClock(opts: { gameId: string; gameStepId: string; startedMs: number }) {
  return sql`update game_steps set started_ms = ${opts.startedMs}
    where id = ${opts.gameStepId} and game_id = ${opts.gameId}`;
}

/** The locked game moves on: its score and current step, its team heard from (a lazy query). */
export function advanceGame(
  scope: TenantScope,
  opts: { gameId: string; now: Date; totalScore: number; currentStepIndex: number },
): SQL {
  return sql`update games set total_score = ${opts.totalScore},
      current_step_index = ${opts.currentStepIndex}, last_active_at = ${opts.now},
      updated_at = now()
    where id = ${opts.gameId} and tenant_id = ${scope.tenantId}`;
}

/** The locked game ends with its score, at `currentStepIndex` when given (a lazy query). */
export function completeGameRow(
  scope: TenantScope,
  opts: { gameId: string; now: Date; totalScore: number; currentStepIndex: number | null },
): SQL {
  return sql`update games set status = 'completed', finished_at = ${opts.now},
      last_active_at = ${opts.now}, total_score = ${opts.totalScore},
      current_step_index = coalesce(${opts.currentStepIndex}::integer, current_step_index),
      updated_at = now()
    where id = ${opts.gameId} and tenant_id = ${scope.tenantId}`;
}

/** The locked game, paused by another phone of the team, plays again (sent at once). */
export async function reactivateGame(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; now: Date },
): Promise<void> {
  await db.scoped(scope).execute(
    sql`update games set status = 'active', paused_at = null, last_active_at = ${opts.now}
    where id = ${opts.gameId} and tenant_id = ${scope.tenantId}`,
  );
}

/** The locked game's team was heard from: a wrong try (a lazy query). */
export function touchGameRow(scope: TenantScope, opts: { gameId: string; now: Date }): SQL {
  return sql`update games set last_active_at = ${opts.now}
    where id = ${opts.gameId} and tenant_id = ${scope.tenantId}`;
}

/**
 * Sends the writes of one try as one statement (writable CTEs), one round trip instead of one
 * per write. PostgreSQL runs them all on one snapshot, so they must touch different rows and
 * none may need another's effect: the caller queues only such writes.
 */
export async function writeTogether(db: Db, scope: TenantScope, writes: readonly SQL[]) {
  const last = writes.at(-1);
  if (!last) return;
  const ctes = writes.slice(0, -1).map((write, i) => sql`${sql.raw(`w${i}`)} as (${write})`);
  await db
    .scoped(scope)
    .execute(ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ${last}` : last);
}
