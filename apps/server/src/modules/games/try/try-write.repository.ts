import type { GameEventKind, TokenBucket } from '@tappa/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/db';
import type { TenantScope } from '../../../db/scope';
import { AS_NEWEST_FIX } from '../fixes/fixes.repository';
import {
  GAME_WRITTEN_COLUMNS,
  type GameStepState,
  STEP_STATE_COLUMNS,
  type WrittenGame,
} from './try-columns.repository';

// The writing statement of a try (see index.ts): everything the try changes, sent as one
// statement of writable CTEs, made only if the game's row and its route's row are still the
// versions that were read (decision 0051); otherwise nothing is written and the try is judged
// again on what is there now. It answers what it made of the game's row and steps, so the
// instance that wrote can judge the game's next try without reading it (decision 0054).

/**
 * The condition of every write of a try but the game row's: that one went through (`moved`,
 * see `writeTry`).
 */
export const AFTER_GAME_ROW = sql.raw('exists (select 1 from moved)');

/**
 * The try's position kept as a fix of its game and as the game's newest (decision 0086), two
 * writes of the try's statement: queued only while the team shares on a route that asks for it,
 * as read with the game's version (the row's write checks it).
 */
export function tryFix(
  scope: TenantScope,
  opts: {
    routeId: string;
    gameId: string;
    stepId: string;
    position: { lat: number; lng: number; accuracy_m: number | null };
    now: Date;
  },
): SQL[] {
  const { position } = opts;
  const values = sql`${opts.gameId}::uuid, ${scope.tenantId}::uuid, ${position.lat}::float8,
    ${position.lng}::float8, ${position.accuracy_m}::real, ${opts.now}::timestamptz`;
  return [
    sql`insert into game_fixes
        (game_id, tenant_id, lat, lng, accuracy_m, taken_at, route_id, step_id, received_at)
      select ${values}, ${opts.routeId}::uuid, ${opts.stepId}::uuid, ${opts.now}::timestamptz
      where ${AFTER_GAME_ROW}
      on conflict (game_id, taken_at) do nothing`,
    sql`insert into game_last_fixes (game_id, tenant_id, lat, lng, accuracy_m, taken_at)
      select ${values} where ${AFTER_GAME_ROW} ${AS_NEWEST_FIX}`,
  ];
}

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

/**
 * One event of a game to write (`game_events`, the score ledger and the activity): by a try, in
 * its statement (`eventWrite`), or by `writeGameOutsideTry`, in its transaction.
 */
export interface GameEventInsert {
  routeId: string;
  gameId: string;
  stepId: string | null;
  kind: GameEventKind;
  /** The points it adds to the game's `total_score` (0 outside the ledger's kinds). */
  points: number;
  reason?: string | null;
  details?: Record<string, string | number | boolean | null> | null;
  actor?: { userId: string; email: string } | null;
  undoesId?: number | null;
  actionId?: string | null;
  at: Date;
}

/** An event of a try, written with the game's row (`writeTry` makes one insert of them all). */
export interface EventWrite {
  event: GameEventInsert;
}

/**
 * The insert of a try's events, in their order, made only when the game row's write went through
 * (a lazy query): the same statement writes the points on the game's row, so the ledger and
 * `total_score` agree. One insert, so that their ids follow the order they were queued in (the
 * CTEs of one statement run in no set order).
 */
function eventsInsert(scope: TenantScope, events: readonly GameEventInsert[]): SQL {
  const rows = events.map(
    (event, n) => sql`(${scope.tenantId}::uuid, ${event.routeId}::uuid, ${event.gameId}::uuid,
      ${event.stepId}::uuid, ${event.kind}::text, ${event.points}::integer,
      ${event.details ? JSON.stringify(event.details) : null}::jsonb, ${event.at}::timestamptz,
      ${n}::integer)`,
  );
  return sql`insert into game_events (tenant_id, route_id, game_id, step_id, kind, points,
      details, at)
    select v.tenant_id, v.route_id, v.game_id, v.step_id, v.kind, v.points, v.details, v.at
    from (values ${sql.join(rows, sql`, `)})
      as v (tenant_id, route_id, game_id, step_id, kind, points, details, at, n)
    where ${AFTER_GAME_ROW}
    order by v.n`;
}

/** A write of one of the game's steps, which answers the step's state after it (`writeTry`). */
export interface GameStepWrite {
  gameStep: SQL;
}

/** A write of a try: of a game step, an event, or any other (the reply, the scoreboard row). */
export type TryWrite = SQL | GameStepWrite | EventWrite;

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
  /** A step ended (solved or skipped): the game's last progress is `now`. */
  stepEnded?: boolean;
  completed?: boolean;
  /** The try's position, kept as the game's newest fix (decision 0086). */
  fix?: { lat: number; lng: number; accuracyM: number | null };
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
  if (change.stepEnded) sets.push(sql`last_progress_at = ${now}`);
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
    returning ${GAME_WRITTEN_COLUMNS}`;
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
  const events = opts.writes.flatMap((write) => ('event' in write ? [write.event] : []));
  const ctes = opts.writes.flatMap((write, i) => {
    if ('event' in write) return [];
    return 'gameStep' in write
      ? [sql`${sql.raw(`s${i}`)} as (${write.gameStep})`]
      : [sql`${sql.raw(`w${i}`)} as (${write})`];
  });
  if (events.length > 0) ctes.push(sql`ev as (${eventsInsert(scope, events)})`);
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
