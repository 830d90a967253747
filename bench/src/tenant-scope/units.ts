import type { SqlRow } from '../submissions/sql-engines';
import { anyOf, TENANT_SETTING, type TenantIds } from './data';
import type { Connection, ScopeEngine } from './engine';
import { compile, type Compiled } from './scoped-sql';

/**
 * How a unit of work is scoped: A, the statement carries the tenant condition (reads autocommit);
 * B, a transaction sets the role and the tenant, its setup sent statement by statement or as one
 * multi-statement message (the tenant id inlined: the simple protocol has no parameters).
 */
export type Variant = 'A' | 'B separate' | 'B one message';
export const VARIANTS: readonly Variant[] = ['A', 'B separate', 'B one message'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Design B's transaction start: BEGIN, the tenant role, the tenant for this transaction. */
export async function beginAsTenant(
  c: Connection,
  opts: { role: string; tenantId: string; oneMessage: boolean },
): Promise<void> {
  if (opts.oneMessage) {
    if (!UUID.test(opts.tenantId)) throw new Error('the tenant id is not a uuid');
    const tenant = `select set_config('${TENANT_SETTING}', '${opts.tenantId}', true)`;
    return c.simple(`begin; set local role ${opts.role}; ${tenant}`);
  }
  await c.simple('begin');
  await c.query(`set local role ${opts.role}`);
  await c.query('select set_config($1, $2, true)', [TENANT_SETTING, opts.tenantId]);
}

const ROUTE_BY_ID = compile({
  params: 1,
  text: (f) => `select r.id, r.slug, r.title, r.is_active, r.route_type, r.time_limit_enabled
    from routes r where r.id = $1 and ${f('routes', 'r')}`,
});
const ROUTES_WITH_STEPS = compile({
  params: 0,
  text: (f) => `select r.id, r.slug, r.title, r.is_active, count(s.id)::int as steps
    from routes r left join steps s on s.route_id = r.id
    where ${f('routes', 'r')} group by r.id order by r.created_at desc`,
});
const SCOREBOARD = compile({
  params: 0,
  text: (f) => `select h.team_name, h.score, h.progress, h.total, h.last_seen, r.is_active
    from live_heartbeat h join routes r on r.id = h.route_id
    where ${f('live_heartbeat', 'h')} and ${f('routes', 'r')}
    order by h.score desc, h.last_seen asc limit 20`,
});
const ROUTE_STEPS = compile({
  params: 1,
  text: (f) => `select s.id, s.ord, s.place, s.task, s.check_type, s.lat, s.lng, s.radius_m
    from steps s where s.route_id = $1 and ${f('steps', 's')} order by s.ord`,
});
const LOCK_GAME = compile({
  params: 1,
  text: (f) => `select g.id, g.route_id, g.team_name, g.owner_email, g.total_score,
      g.current_step_index, r.is_active, r.route_type
    from games g join routes r on r.id = g.route_id
    where g.id = $1 and ${f('games', 'g')} and ${f('routes', 'r')} for update of g`,
});
const GAME_STEPS = compile({
  params: 1,
  text: (f) => `select gs.id, gs.step_id, gs.status, gs.attempts, gs.started_ms
    from game_steps gs join steps s on s.id = gs.step_id
    where gs.game_id = $1 and ${f('game_steps', 'gs')} order by s.ord`,
});
const WRITE_STEP = compile({
  params: 2,
  text: (f) => `update game_steps gs set attempts = gs.attempts + 1, ended_ms = $2
    where gs.id = $1 and ${f('game_steps', 'gs')}`,
});
const WRITE_GAME = compile({
  params: 2,
  text: (f) => `update games g set total_score = $2, updated_at = now()
    where g.id = $1 and ${f('games', 'g')}`,
});
/** The same for both designs: the app stamps `tenant_id`; under B the policy checks it. */
const UPSERT_HEARTBEAT = `insert into live_heartbeat (tenant_id, route_id, team_name, email,
    score, progress, total, last_seen) values ($1, $2, $3, $4, $5, $6, $7, now())
  on conflict (tenant_id, route_id, email) do update set team_name = excluded.team_name,
    score = excluded.score, progress = excluded.progress, total = excluded.total,
    last_seen = excluded.last_seen`;

/** What a unit of work runs on: the database, the variant, the tenant role and the tenants. */
export interface UnitContext {
  db: ScopeEngine;
  variant: Variant;
  role: string;
  tenant: TenantIds;
}

/** Runs `statement` with `params` under the context's design (B: in its own transaction). */
export async function read(ctx: UnitContext, statement: Compiled, params: unknown[]) {
  if (ctx.variant === 'A') return ctx.db.query(statement.A, [...params, ctx.tenant.id]);
  return ctx.db.withConnection(async (c) => {
    await beginAsTenant(c, { ...ctx, tenantId: ctx.tenant.id, oneMessage: isOneMessage(ctx) });
    const rows = await c.query(statement.B, params);
    await c.simple('commit');
    return rows;
  });
}

const isOneMessage = (ctx: UnitContext) => ctx.variant === 'B one message';

/** The try's write transaction, simplified: lock the game, read its steps, write, upsert. */
async function writeTry(ctx: UnitContext, gameId: string): Promise<void> {
  const { tenant } = ctx;
  const design = ctx.variant === 'A' ? 'A' : 'B';
  const on = (c: Connection, statement: Compiled, params: unknown[]) =>
    c.query(statement[design], design === 'A' ? [...params, tenant.id] : params);
  await ctx.db.withConnection(async (c) => {
    if (design === 'A') await c.simple('begin');
    else await beginAsTenant(c, { ...ctx, tenantId: tenant.id, oneMessage: isOneMessage(ctx) });
    const [game] = await on(c, LOCK_GAME, [gameId]);
    if (!game) throw new Error('the game is not found in its tenant');
    const states = await on(c, GAME_STEPS, [gameId]);
    const state: SqlRow | undefined = states.find((s) => s.status === 'pending') ?? states[0];
    if (!state) throw new Error('the game has no steps');
    const score = Number(game.total_score) + 1;
    await on(c, WRITE_STEP, [state.id, Date.now()]);
    await on(c, WRITE_GAME, [gameId, score]);
    const solved = states.filter((s) => s.status === 'ok').length;
    await c.query(UPSERT_HEARTBEAT, [
      ...[tenant.id, game.route_id, game.team_name, game.owner_email],
      ...[score, solved, states.length],
    ]);
    await c.simple('commit');
  });
}

/** The measured units of work, each picking its row of the context's tenant at random. */
export const UNITS: readonly { name: string; run: (ctx: UnitContext) => Promise<unknown> }[] = [
  { name: 'route by id', run: (ctx) => read(ctx, ROUTE_BY_ID, [anyOf(ctx.tenant.routeIds)]) },
  { name: 'routes + step counts', run: (ctx) => read(ctx, ROUTES_WITH_STEPS, []) },
  { name: 'scoreboard top 20', run: (ctx) => read(ctx, SCOREBOARD, []) },
  { name: 'steps of a route', run: (ctx) => read(ctx, ROUTE_STEPS, [anyOf(ctx.tenant.routeIds)]) },
  { name: 'try write tx', run: (ctx) => writeTry(ctx, anyOf(ctx.tenant.gameIds)) },
];

/** The statements the correctness checks reuse. */
export const STATEMENTS = { ROUTES_WITH_STEPS, ROUTE_STEPS, SCOREBOARD };
