import type { ScoringConfig, TokenBucket } from '@tappa/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { games, gameSteps, routes } from '../../db/schema';
import type { TenantScope } from '../../db/scope';
import type { TryToJudge } from './try-verdict';

// The statements of a try are written by hand: every try runs them, and building them with the
// query builder cost ten times more than the SQL template (decision 0011, Throughput). Values
// are always parameters; bigint and time stamps come back as float8 numbers on both drivers.
// A try is two statements and no transaction (decision 0051): one reads everything the try needs
// (`readTry`), one writes everything it changes (`writeTry`), but only if the game's row and its
// route's row are still the versions that were read; otherwise the try is judged again on what is
// there now. The write answers what it made of the game's row and steps, so the instance that
// wrote can judge the game's next try without reading it (decision 0054). The game's own rows
// are reached by its id, found under the tenant condition (decision 0015).

/** The game step states of a try, in the route's `ord` order. */
export interface GameStepState {
  id: string;
  step_id: string;
  status: (typeof gameSteps.$inferSelect)['status'];
  attempts: number;
  first_attempt_ms: number | null;
  started_ms: number | null;
  photo_url: string | null;
  wrong_try_tokens: number | null;
  wrong_try_tokens_ms: number | null;
}

/** The columns of a game step's state, as `readTry` and the game step writes answer them. */
const STEP_STATE_COLUMNS = sql.raw(
  'id, step_id, status, attempts, first_attempt_ms, started_ms, photo_url, wrong_try_tokens, wrong_try_tokens_ms',
);

/** A game's row as a try reads it, and as its write leaves it (decision 0054). */
export interface WrittenGame {
  id: string;
  version: string;
  status: (typeof games.$inferSelect)['status'];
  team_name: string;
  owner_email: string;
  current_step_index: number;
  total_score: number;
  created_ms: number;
}

/** The reading statement's row: the game, its route, the step tried, its states and reply. */
type TryRow = TryToJudge['step'] &
  WrittenGame & {
    route_version: string;
    route_id: string;
    route_type: (typeof routes.$inferSelect)['route_type'];
    geolocation_enabled: boolean;
    time_limit_enabled: boolean;
    time_limit_hours: number;
    time_limit_minutes: number;
    step_id: string | null;
    scoring: ScoringConfig | null;
    earlier: string | null;
    states: string | null;
  };

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
    sql`select g.xmin::text as version, r.xmin::text as route_version, g.id, g.status,
      g.team_name, g.owner_email,
      g.current_step_index, g.total_score,
      (extract(epoch from g.created_at) * 1000)::float8 as created_ms,
      r.id as route_id, r.route_type, r.geolocation_enabled, r.time_limit_enabled,
      r.time_limit_hours, r.time_limit_minutes,
      s.id as step_id, s.check_type, s.check_answer, s.multiple, s.lat, s.lng, s.radius_m,
      s.orientation_deg, s.scoring,
      (select k.response from idempotency_keys k
        where k.tenant_id = g.tenant_id and k.scope = ${gameReplyScope(opts.gameId)}
          and k.key = ${opts.submissionId}) as earlier,
      (select json_agg(json_build_object('id', gs.id, 'step_id', gs.step_id,
          'status', gs.status, 'attempts', gs.attempts,
          'first_attempt_ms', gs.first_attempt_ms, 'started_ms', gs.started_ms,
          'photo_url', gs.photo_url, 'wrong_try_tokens', gs.wrong_try_tokens,
          'wrong_try_tokens_ms', gs.wrong_try_tokens_ms) order by st.ord)::text
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
      created_at: new Date(row.created_ms),
    },
    route: {
      id: row.route_id,
      version: row.route_version,
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
    states: row.states === null ? [] : (JSON.parse(row.states) as GameStepState[]),
    earlier: row.earlier === null ? null : (JSON.parse(row.earlier) as unknown),
  };
}

/**
 * The condition of every write of a try but the game row's: that one went through (`moved`,
 * see `writeTry`).
 */
export const AFTER_GAME_ROW = sql.raw('exists (select 1 from moved)');

/** Remembers the reply to a request id, with the try's effects (a lazy query). */
export function saveReply(
  scope: TenantScope,
  opts: { scope: string; key: string; response: unknown },
): SQL {
  return sql`insert into idempotency_keys (tenant_id, scope, key, status_code, response)
    select ${scope.tenantId}::uuid, ${opts.scope}::text, ${opts.key}::text, 200,
      ${JSON.stringify(opts.response)}::text
    where ${AFTER_GAME_ROW}
    on conflict do nothing`;
}

/** A write of one of the game's steps, which answers the step's state after it (`writeTry`). */
export interface GameStepWrite {
  gameStep: SQL;
}

/** A write of a try: of a game step, or any other (the reply, the scoreboard row). */
export type TryWrite = SQL | GameStepWrite;

function gameStepWrite(sets: SQL, opts: { gameId: string; gameStepId: string }): GameStepWrite {
  return {
    gameStep: sql`update game_steps set ${sets}
      where id = ${opts.gameStepId} and game_id = ${opts.gameId} and ${AFTER_GAME_ROW}
      returning ${STEP_STATE_COLUMNS}`,
  };
}

/** The game's step, its clocks and its wrong tries left after a wrong try (lazy). */
export function recordWrongTry(opts: {
  gameId: string;
  gameStepId: string;
  attempts: number;
  firstAttemptMs: number;
  startedMs: number;
  bucket: TokenBucket;
}): GameStepWrite {
  return gameStepWrite(
    sql`attempts = ${opts.attempts}, first_attempt_ms = ${opts.firstAttemptMs},
      started_ms = ${opts.startedMs}, wrong_try_tokens = ${opts.bucket.tokens},
      wrong_try_tokens_ms = ${opts.bucket.atMs}`,
    opts,
  );
}

/** A step of the game solved (`ok`, with the try's measures) or skipped (a lazy query). */
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
}): GameStepWrite {
  const { tried } = opts;
  const measures = tried
    ? sql`, attempts = ${tried.attempts}, first_attempt_ms = ${tried.firstAttemptMs},
      distance_m = ${tried.distanceM}, heading_ok = ${tried.headingOk}`
    : sql``;
  return gameStepWrite(
    sql`status = ${opts.status}, points = ${opts.points}, started_ms = ${opts.startedMs},
      ended_ms = ${opts.endedMs}${measures}`,
    opts,
  );
}

/** The clock of the game's step a team moves on to (a lazy query). */
export function startStepClock(opts: {
  gameId: string;
  gameStepId: string;
  startedMs: number;
}): GameStepWrite {
  return gameStepWrite(sql`started_ms = ${opts.startedMs}`, opts);
}

/**
 * What a try changes on its game's row: the team heard from at `now`; a paused game plays again
 * (another phone of the team, or the page reopened); a new score and current step; the end.
 */
export interface GameRowChange {
  now: Date;
  resume: boolean;
  score?: { totalScore: number; currentStepIndex: number | null };
  completed?: boolean;
}

/** The versions a try was judged on: its game's row and its route's row (`xmin`). */
export interface TryVersions {
  game: { id: string; version: string };
  route: { id: string; version: string };
}

/**
 * The game row's write (`moved`), only while the row is the version the try read and its route
 * the version it was judged on: any other write of the row since (a try on another phone or
 * instance, Stop, Pausa, a photo, a step's clock, …) or of the route (its steps edited) leaves it
 * undone. It answers the row as written.
 */
function gameRowWrite(scope: TenantScope, versions: TryVersions, change: GameRowChange): SQL {
  const { game, route } = versions;
  const { now, score } = change;
  const sets = [sql`last_active_at = ${now}`];
  if (change.resume) sets.push(sql`paused_at = null`);
  if (change.completed) sets.push(sql`status = 'completed'`, sql`finished_at = ${now}`);
  else if (change.resume) sets.push(sql`status = 'active'`);
  if (score) {
    sets.push(
      sql`total_score = ${score.totalScore}`,
      sql`current_step_index = coalesce(${score.currentStepIndex}::integer, current_step_index)`,
      sql`updated_at = now()`,
    );
  }
  return sql`update games set ${sql.join(sets, sql`, `)}
    where id = ${game.id} and tenant_id = ${scope.tenantId} and xmin = ${game.version}::xid
      and exists (select 1 from routes r where r.id = ${route.id} and r.xmin = ${route.version}::xid)
    returning id, xmin::text as version, status, team_name, owner_email, current_step_index,
      total_score, (extract(epoch from created_at) * 1000)::float8 as created_ms`;
}

/** What `writeTry` answers once written: the game's row (when it was written) and the steps. */
export interface WrittenTry {
  game: WrittenGame | null;
  steps: GameStepState[];
}

/**
 * Sends the writes of one try as one statement (writable CTEs), one round trip, and answers what
 * they made of the game's row and of its steps, or null when nothing was written. The game row's
 * write goes first and the others only follow it (`AFTER_GAME_ROW`): when the row or the route
 * changed since they were read, nothing is written and the caller reads and judges again.
 * Without a change of the game row (`change` null) the writes are sent as they are. PostgreSQL
 * runs them all on one snapshot, so they must touch different rows and none may need another's
 * effect: the caller queues only such writes.
 */
export async function writeTry(
  db: Db,
  scope: TenantScope,
  opts: TryVersions & { change: GameRowChange | null; writes: TryWrite[] },
): Promise<WrittenTry | null> {
  const moved = opts.change
    ? gameRowWrite(scope, opts, opts.change)
    : sql`select ${opts.game.id}::uuid as id`;
  const ctes = opts.writes.map((write, i) =>
    'gameStep' in write
      ? sql`${sql.raw(`s${i}`)} as (${write.gameStep})`
      : sql`${sql.raw(`w${i}`)} as (${write})`,
  );
  const stepCtes = opts.writes.flatMap((write, i) =>
    'gameStep' in write ? [sql.raw(`select * from s${i}`)] : [],
  );
  const steps =
    stepCtes.length > 0
      ? sql`(select json_agg(x)::text from (${sql.join(stepCtes, sql` union all `)}) x)`
      : sql`null`;
  const [row] = await db.scoped(scope).execute<{ game: string | null; steps: string | null }>(
    sql`with moved as (${moved}), ${sql.join(ctes, sql`, `)}
      select (select row_to_json(m)::text from moved m) as game, ${steps} as steps`,
  );
  if (!row?.game) return null;
  return {
    game: opts.change ? (JSON.parse(row.game) as WrittenGame) : null,
    steps: row.steps === null ? [] : (JSON.parse(row.steps) as GameStepState[]),
  };
}
