import { randomUUID } from 'node:crypto';
import type { Player, TryOutcome } from '../lib/driver';
import type { SqlEngine, SqlRow, SqlSession } from './sql-engines';

/** A game created directly in the database for the raw SQL phase. */
interface RawGame {
  tenantId: string;
  routeId: string;
  gameId: string;
  email: string;
  teamName: string;
  /** The route's step ids in `ord` order. */
  stepIds: string[];
}

/**
 * Creates `count` fresh games of the bench route directly in the database (not measured), each
 * with its pending game steps and the first step's clock started, like a started game.
 */
export async function createRawGames(
  engine: SqlEngine,
  opts: { slug: string; routeSlug: string; count: number; label: string },
): Promise<RawGame[]> {
  const [found] = await engine.query(
    `select t.id as tenant_id, r.id as route_id from tenants t
     join routes r on r.tenant_id = t.id where t.slug = $1 and r.slug = $2`,
    [opts.slug, opts.routeSlug],
  );
  if (!found) throw new Error('bench route not found');
  const tenantId = String(found.tenant_id);
  const routeId = String(found.route_id);
  const steps = await engine.query('select id from steps where route_id = $1 order by ord', [
    routeId,
  ]);
  const stepIds = steps.map((s) => String(s.id));
  const created: RawGame[] = [];
  for (let n = 0; n < opts.count; n++) {
    const email = `${opts.label}-${n}@bench.test`;
    const teamName = `${opts.label} ${n}`;
    const gameId = await engine.transaction(async (tx) => {
      const [game] = await tx.query(
        `insert into games (tenant_id, route_id, team_name, owner_email, status, started_at)
         values ($1, $2, $3, $4, 'active', now()) returning id`,
        [tenantId, routeId, teamName, email],
      );
      const id = String(game?.id);
      await tx.query(
        `insert into game_steps (game_id, step_id, status, started_ms)
         select $1, s.id, 'pending', case when s.id = $3 then $4::bigint end
         from steps s where s.route_id = $2`,
        [id, routeId, stepIds[0], Date.now()],
      );
      return id;
    });
    created.push({ tenantId, routeId, gameId, email, teamName, stepIds });
  }
  return created;
}

const LOCK_GAME = `select g.id, g.status, g.team_name, g.owner_email, g.current_step_index,
    g.total_score, g.created_at, r.id as route_id, r.route_type, r.geolocation_enabled,
    r.time_limit_enabled, r.time_limit_hours, r.time_limit_minutes, s.id as step_id,
    s.check_type, s.check_answer, s.multiple, s.lat, s.lng, s.radius_m, s.orientation_deg,
    s.scoring
  from games g join routes r on r.id = g.route_id
  left join steps s on s.id = $4 and s.route_id = g.route_id
  where g.tenant_id = $1 and g.id = $2 and g.owner_email = $3 limit 1 for update of g`;
const FIND_REPLY = `select response from idempotency_keys
  where tenant_id = $1 and scope = $2 and key = $3 limit 1`;
const LIST_STATES = `select gs.id, gs.step_id, gs.status, gs.attempts, gs.first_attempt_ms,
    gs.started_ms, gs.photo_url, gs.wrong_try_tokens, gs.wrong_try_tokens_ms
  from game_steps gs join steps s on s.id = gs.step_id where gs.game_id = $1 order by s.ord`;
// The writes of a correct try in one statement, as the service sends them.
const WRITE_STEP = `update game_steps set status = 'ok', attempts = $1, first_attempt_ms = $2,
  started_ms = $3, ended_ms = $4, points = $5, distance_m = $6, heading_ok = $7 where id = $8`;
const WRITE_HEARTBEAT = `insert into live_heartbeat (tenant_id, route_id, team_name, email,
    score, progress, total, last_seen) values ($12, $13, $14, $15, $9, $16, $17, $18)
  on conflict (tenant_id, route_id, email) do update set team_name = $14, score = $9,
    progress = $16, total = $17, last_seen = $18`;
const WRITE_REPLY = `insert into idempotency_keys (tenant_id, scope, key, status_code, response)
  values ($12, $19, $20, 200, $21)`;
// The ledger's events of the try (decision 0069): its `try` with the points, and the `finish`
// when it ends the game, as one insert made only after the game's row (`where`).
const WRITE_EVENTS = (stepParam: string, complete: boolean, where = '') => `insert into game_events
    (tenant_id, route_id, game_id, step_id, kind, points, details, at)
  select v.tenant_id, v.route_id, v.game_id, v.step_id, v.kind, v.points, v.details, v.at
  from (values ($12::uuid, $13::uuid, $11::uuid, ${stepParam}::uuid, 'try'::text, $5::integer,
      null::jsonb, $18::timestamptz, 0)${
        complete
          ? `, ($12::uuid, $13::uuid, $11::uuid, null::uuid, 'finish'::text, 0,
      '{"cause":"last_step"}'::jsonb, $18::timestamptz, 1)`
          : ''
      })
    as v (tenant_id, route_id, game_id, step_id, kind, points, details, at, n)
  ${where} order by v.n`;
const WRITE_ADVANCE = `with w0 as (${WRITE_STEP}),
  w1 as (update games set total_score = $9, current_step_index = $10, updated_at = $18
    where id = $11),
  w2 as (update game_steps set started_ms = $4 where id = $22),
  w3 as (${WRITE_HEARTBEAT}),
  w4 as (${WRITE_EVENTS('$23', false)})
  ${WRITE_REPLY}`;
const WRITE_COMPLETE = `with w0 as (${WRITE_STEP}),
  w1 as (update games set status = 'completed', finished_at = $18, total_score = $9,
    current_step_index = $10, updated_at = $18 where id = $11),
  w3 as (${WRITE_HEARTBEAT}),
  w4 as (${WRITE_EVENTS('$22', true)})
  ${WRITE_REPLY}`;

/**
 * The parameters of a correct try's writes ($1–$21, shared by both shapes) from the step states
 * read, and the next step's state (none after the last). Points are a constant here: the rules
 * are not what this phase measures.
 */
function writeParams(
  game: RawGame,
  opts: { stepId: string; states: SqlRow[]; loaded: SqlRow; now: number; submissionId: string },
) {
  const { states, now } = opts;
  const scope = `game:${game.gameId}`;
  const index = states.findIndex((s) => s.step_id === opts.stepId);
  const state = states[index];
  if (state?.status !== 'pending') throw new Error('step not pending');
  const startedMs = state.started_ms === null ? now : Number(state.started_ms);
  const points = 10;
  const totalScore = Number(opts.loaded.total_score) + points;
  const next = states[index + 1];
  const reply = { outcome: 'correct', reason: null, points, total_score: totalScore };
  const params = [
    ...[Number(state.attempts) + 1, now, startedMs, now, points, 0, null, state.id],
    ...[totalScore, next ? index + 1 : index, game.gameId],
    ...[game.tenantId, game.routeId, game.teamName, game.email, index + 1, states.length],
    ...[new Date(now), scope, opts.submissionId, JSON.stringify(reply)],
  ];
  return { params, next };
}

/**
 * The transaction `submitAnswer` runs for one correct try, as hand-written SQL: lock the game
 * (with its route and the step tried), look up the idempotency key, read the game steps' state
 * in `ord` order, then one statement that updates the game step, the game and the next step's
 * clock, upserts the scoreboard row and stores the reply.
 */
async function submitCorrect(tx: SqlSession, game: RawGame, stepId: string) {
  const now = Date.now();
  const scope = `game:${game.gameId}`;
  const submissionId = randomUUID();
  const [loaded] = await tx.query(LOCK_GAME, [game.tenantId, game.gameId, game.email, stepId]);
  if (!loaded?.step_id) throw new Error('game or step not found');
  await tx.query(FIND_REPLY, [game.tenantId, scope, submissionId]);
  const states = await tx.query(LIST_STATES, [game.gameId]);
  const { params, next } = writeParams(game, { stepId, states, loaded, now, submissionId });
  await tx.query(
    next ? WRITE_ADVANCE : WRITE_COMPLETE,
    next ? [...params, next.id, stepId] : [...params, stepId],
  );
  return { completed: !next };
}

// The same try as the server sends it since decision 0051: one statement reads the game, its
// route, the step, the reply and the steps' states (no lock, no transaction); one writes, only
// while the game's row and its route's are the versions read (`xmin`), and answers the game row
// and the steps it wrote (decision 0054).
const READ_TRY = `select g.xmin::text as version, r.xmin::text as route_version, g.total_score,
    s.id as step_id,
    (select k.response from idempotency_keys k
      where k.tenant_id = g.tenant_id and k.scope = $5 and k.key = $6) as earlier,
    (select json_agg(json_build_object('id', gs.id, 'step_id', gs.step_id, 'status', gs.status,
        'attempts', gs.attempts, 'first_attempt_ms', gs.first_attempt_ms,
        'started_ms', gs.started_ms, 'photo_url', gs.photo_url,
        'wrong_try_tokens', gs.wrong_try_tokens, 'wrong_try_tokens_ms', gs.wrong_try_tokens_ms)
        order by st.ord)::text
      from game_steps gs join steps st on st.id = gs.step_id where gs.game_id = g.id) as states
  from games g join routes r on r.id = g.route_id and r.tenant_id = g.tenant_id
  left join steps s on s.id = $4 and s.route_id = g.route_id
  where g.tenant_id = $1 and g.id = $2 and g.owner_email = $3 limit 1`;
const AFTER = 'exists (select 1 from moved)';
const STEP_STATE = `returning id, step_id, status, attempts, first_attempt_ms, started_ms,
  photo_url, wrong_try_tokens, wrong_try_tokens_ms`;
const WRITE_TRY = (moved: string, complete: boolean) => `with moved as (${moved}),
  s0 as (update game_steps set status = 'ok', attempts = $1, first_attempt_ms = $2,
    started_ms = $3, ended_ms = $4, points = $5, distance_m = $6, heading_ok = $7
    where id = $8 and ${AFTER} ${STEP_STATE}),
  s1 as (update game_steps set started_ms = $4 where id = $22::uuid and ${AFTER} ${STEP_STATE}),
  w2 as (insert into live_heartbeat (tenant_id, route_id, team_name, email, score, progress,
      total, last_seen)
    select $12::uuid, $13::uuid, $14::text, $15::text, $9::integer, $16::integer, $17::integer,
      $18::timestamptz where ${AFTER}
    on conflict (tenant_id, route_id, email) do update set team_name = excluded.team_name,
      score = excluded.score, progress = excluded.progress, total = excluded.total,
      last_seen = excluded.last_seen),
  w3 as (insert into idempotency_keys (tenant_id, scope, key, status_code, response)
    select $12::uuid, $19::text, $20::text, 200, $21::text where ${AFTER}),
  ev as (${WRITE_EVENTS('$25', complete, `where ${AFTER}`)})
  select (select row_to_json(m)::text from moved m) as game,
    (select json_agg(x)::text from (select * from s0 union all select * from s1) x) as steps`;
const GUARD = `where id = $11 and tenant_id = $12 and xmin = $23::xid
  and exists (select 1 from routes r where r.id = $13 and r.xmin = $24::xid)
  returning id, xmin::text as version, status, team_name, owner_email, current_step_index,
    total_score, (extract(epoch from created_at) * 1000)::float8 as created_ms`;
const MOVE = `update games set last_active_at = $18, total_score = $9, current_step_index = $10,
  updated_at = now() ${GUARD}`;
const COMPLETE = `update games set last_active_at = $18, status = 'completed', finished_at = $18,
  total_score = $9, current_step_index = $10, updated_at = now() ${GUARD}`;

/** What a player of the one-statement shape keeps of its game, as its last write left it. */
interface KeptGame {
  version: string;
  routeVersion: string;
  loaded: SqlRow;
  states: SqlRow[];
}

/**
 * The try above in the server's statements: read unless `kept` holds the game as the player's
 * last write left it (the server's cache, decision 0054), then the guarded write; read and
 * judged again if the row moved. Answers what the write left, for the next try.
 */
async function submitGuarded(
  engine: SqlSession,
  game: RawGame,
  stepId: string,
  kept: KeptGame | null,
): Promise<{ completed: boolean; kept: KeptGame }> {
  const scope = `game:${game.gameId}`;
  const submissionId = randomUUID();
  for (let known = kept; ; known = null) {
    const now = Date.now();
    const current = known ?? (await readGame(engine, game, { stepId, scope, submissionId }));
    const { states, loaded } = current;
    const { params, next } = writeParams(game, { stepId, states, loaded, now, submissionId });
    const [written] = await engine.query(WRITE_TRY(next ? MOVE : COMPLETE, !next), [
      ...params,
      next?.id ?? null,
      current.version,
      current.routeVersion,
      stepId,
    ]);
    if (typeof written?.game !== 'string') continue;
    const row = JSON.parse(written.game) as SqlRow;
    const steps = typeof written.steps === 'string' ? (JSON.parse(written.steps) as SqlRow[]) : [];
    const changed = new Map(steps.map((state) => [state.id, state]));
    return {
      completed: !next,
      kept: {
        version: String(row.version),
        routeVersion: current.routeVersion,
        loaded: row,
        states: states.map((state) => changed.get(state.id) ?? state),
      },
    };
  }
}

async function readGame(
  engine: SqlSession,
  game: RawGame,
  opts: { stepId: string; scope: string; submissionId: string },
): Promise<KeptGame> {
  const [loaded] = await engine.query(READ_TRY, [
    ...[game.tenantId, game.gameId, game.email, opts.stepId, opts.scope, opts.submissionId],
  ]);
  if (!loaded?.step_id) throw new Error('game or step not found');
  return {
    version: String(loaded.version),
    routeVersion: String(loaded.route_version),
    loaded,
    states: JSON.parse(String(loaded.states)) as SqlRow[],
  };
}

/** The raw SQL shapes of a try: the issue's transaction, and the server's statements since. */
export type RawShape = 'transaction' | 'two-statements' | 'one-statement';

/**
 * A player of the raw phase: one correct try per step, through the transaction above, the
 * server's two statements (read, write) or its one (the write alone on what the last one left).
 */
export function rawPlayer(engine: SqlEngine, game: RawGame, shape: RawShape): Player {
  let index = 0;
  let kept: KeptGame | null = null;
  const player: Player = {
    isDone: false,
    tryNext: async (): Promise<TryOutcome> => {
      const stepId = game.stepIds[index];
      if (!stepId) throw new Error('no step left');
      let completed: boolean;
      if (shape === 'transaction') {
        ({ completed } = await engine.transaction((tx) => submitCorrect(tx, game, stepId)));
      } else {
        const guarded = await submitGuarded(engine, game, stepId, kept);
        completed = guarded.completed;
        kept = shape === 'one-statement' ? guarded.kept : null;
      }
      index += 1;
      if (completed) player.isDone = true;
      return { kind: 'correct' };
    },
  };
  return player;
}
