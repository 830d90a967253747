import type { ScoringConfig } from '@tappa/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { games, gameSteps, routes, steps } from '../../db/schema';
import { inTenant, type TenantScope } from '../../db/scope';
import type { TryToJudge } from './try-verdict';

type Db = Database | Transaction;

/** The team's own game with its route; locked for the rest of the transaction when `lock`. */
export async function findOwnGameWithRoute(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; email: string; lock?: boolean },
) {
  const query = db
    .select({ game: games, route: routes })
    .from(games)
    .innerJoin(routes, eq(routes.id, games.route_id))
    .where(
      and(
        inTenant(games.tenant_id, scope),
        eq(games.id, opts.gameId),
        eq(games.owner_email, opts.email),
      ),
    )
    .limit(1);
  const [row] = opts.lock ? await query.for('update', { of: games }) : await query;
  return row ?? null;
}

/** The rows of a hand-written statement, on either driver. */
async function rowsOf<T>(tx: Transaction, query: SQL): Promise<T[]> {
  const result: unknown = await tx.execute(query);
  return (result as { rows: T[] }).rows;
}

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

// The statements of a try are written by hand: every try runs them, and building them with the
// query builder cost ten times more than the SQL template (decision 0011, Throughput). Values
// are always parameters; bigint and time stamps come back as float8 numbers on both drivers.

/**
 * What a try needs, in one statement: the team's own game (locked for the rest of the
 * transaction), its route, and the step being tried if it belongs to the route; only the
 * columns judging and scoring read.
 */
export async function lockGameForTry(
  tx: Transaction,
  scope: TenantScope,
  opts: { gameId: string; email: string; stepId: string },
) {
  const [row] = await rowsOf<TryRow>(
    tx,
    sql`select g.id, g.status, g.team_name, g.owner_email, g.current_step_index, g.total_score,
      (extract(epoch from g.created_at) * 1000)::float8 as created_ms,
      r.id as route_id, r.route_type, r.geolocation_enabled, r.time_limit_enabled,
      r.time_limit_hours, r.time_limit_minutes,
      s.id as step_id, s.check_type, s.check_answer, s.multiple, s.lat, s.lng, s.radius_m,
      s.orientation_deg, s.scoring
    from games g
    join routes r on r.id = g.route_id
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

/** The state of the game's steps in the route's `ord` order (read after the game's lock). */
export function listGameStepStates(tx: Transaction, gameId: string) {
  return rowsOf<{
    id: string;
    step_id: string;
    status: (typeof gameSteps.$inferSelect)['status'];
    attempts: number;
    first_attempt_ms: number | null;
    started_ms: number | null;
    photo_url: string | null;
  }>(
    tx,
    sql`select gs.id, gs.step_id, gs.status, gs.attempts,
      gs.first_attempt_ms::float8 as first_attempt_ms, gs.started_ms::float8 as started_ms,
      gs.photo_url
    from game_steps gs join steps s on s.id = gs.step_id
    where gs.game_id = ${gameId}
    order by s.ord`,
  );
}

/** The game's steps joined with the route's steps, in `ord` order. */
export function listGameSteps(db: Db, gameId: string) {
  return db
    .select({ gameStep: gameSteps, step: steps })
    .from(gameSteps)
    .innerJoin(steps, eq(steps.id, gameSteps.step_id))
    .where(eq(gameSteps.game_id, gameId))
    .orderBy(asc(steps.ord));
}

/** The reply already given to a client-generated request id, if any. */
export async function findReply(
  tx: Transaction,
  scope: TenantScope,
  opts: { scope: string; key: string },
) {
  const [row] = await rowsOf<{ response: string }>(
    tx,
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
) {
  return sql`insert into idempotency_keys (tenant_id, scope, key, status_code, response)
    values (${scope.tenantId}, ${opts.scope}, ${opts.key}, 200, ${JSON.stringify(opts.response)})`;
}

/** Upserts the team's scoreboard row of the route (one per tenant, route, e-mail; a lazy query). */
export function upsertHeartbeat(values: {
  tenant_id: string;
  route_id: string;
  team_name: string;
  email: string;
  score: number;
  progress: number;
  total: number;
  last_seen: Date;
}) {
  return sql`insert into live_heartbeat
      (tenant_id, route_id, team_name, email, score, progress, total, last_seen)
    values (${values.tenant_id}, ${values.route_id}, ${values.team_name}, ${values.email},
      ${values.score}, ${values.progress}, ${values.total}, ${values.last_seen})
    on conflict (tenant_id, route_id, email) do update set team_name = excluded.team_name,
      score = excluded.score, progress = excluded.progress, total = excluded.total,
      last_seen = excluded.last_seen`;
}

/** A wrong try: attempts and the step's clocks (a lazy query). */
export function recordWrongTry(opts: {
  gameStepId: string;
  attempts: number;
  firstAttemptMs: number;
  startedMs: number;
}) {
  return sql`update game_steps set attempts = ${opts.attempts},
      first_attempt_ms = ${opts.firstAttemptMs}, started_ms = ${opts.startedMs}
    where id = ${opts.gameStepId}`;
}

/** A step solved (`ok`, with the try's measures) or skipped (a lazy query). */
export function finishStep(opts: {
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
}) {
  const { tried } = opts;
  const measures = tried
    ? sql`, attempts = ${tried.attempts}, first_attempt_ms = ${tried.firstAttemptMs},
      distance_m = ${tried.distanceM}, heading_ok = ${tried.headingOk}`
    : sql``;
  return sql`update game_steps set status = ${opts.status}, points = ${opts.points},
      started_ms = ${opts.startedMs}, ended_ms = ${opts.endedMs}${measures}
    where id = ${opts.gameStepId}`;
}

/** The clock of the step a team moves on to (a lazy query). */
export function startStepClock(gameStepId: string, startedMs: number) {
  return sql`update game_steps set started_ms = ${startedMs} where id = ${gameStepId}`;
}

/** The game moves on: its score and current step (a lazy query). */
export function advanceGame(opts: {
  gameId: string;
  totalScore: number;
  currentStepIndex: number;
}) {
  return sql`update games set total_score = ${opts.totalScore},
      current_step_index = ${opts.currentStepIndex}, updated_at = ${new Date()}
    where id = ${opts.gameId}`;
}

/** The game ends with its score, at `currentStepIndex` when given (a lazy query). */
export function completeGameRow(opts: {
  gameId: string;
  now: Date;
  totalScore: number;
  currentStepIndex: number | null;
}) {
  return sql`update games set status = 'completed', finished_at = ${opts.now},
      total_score = ${opts.totalScore},
      current_step_index = coalesce(${opts.currentStepIndex}::integer, current_step_index),
      updated_at = ${new Date()}
    where id = ${opts.gameId}`;
}

/**
 * Sends the writes of one try as one statement (writable CTEs), one round trip instead of one
 * per write. PostgreSQL runs them all on one snapshot, so they must touch different rows and
 * none may need another's effect: the caller queues only such writes.
 */
export async function writeTogether(tx: Transaction, writes: readonly SQL[]) {
  const last = writes.at(-1);
  if (!last) return;
  const ctes = writes.slice(0, -1).map((write, i) => sql`${sql.raw(`w${i}`)} as (${write})`);
  await tx.execute(ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ${last}` : last);
}
