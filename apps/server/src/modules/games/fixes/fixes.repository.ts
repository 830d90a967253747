import { FIX_MIN_GAP_MS } from '@tappa/domain';
import { and, asc, count, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/db';
import { statementsOf } from '../../../db/rows';
import { gameFixes, games, routes } from '../../../db/schema';
import { PLATFORM_SCOPE, type TenantScope } from '../../../db/scope';

// A team's positions (issue 37, decision 0086): written by its phone while it shares (and with
// its tries, in the try's own statement: `try/try-write.repository.ts`), read by the console and
// the team's export, deleted by the retention.

/** A fix as the phone sent it, checked. */
export interface FixValues {
  lat: number;
  lng: number;
  accuracyM: number | null;
  takenAt: Date;
}

/**
 * The end of an insert into `game_last_fixes`: a fix replaces its game's newest only when it is
 * newer (two fixes of a game may be written in either order).
 */
export const AS_NEWEST_FIX = sql.raw(`on conflict (game_id) do update
  set lat = excluded.lat, lng = excluded.lng, accuracy_m = excluded.accuracy_m,
    taken_at = excluded.taken_at
  where game_last_fixes.taken_at < excluded.taken_at`);

/** A fix of a team's game to keep: the game, the team, the fix and when it came. */
export interface FixToKeep {
  gameId: string;
  email: string;
  fix: FixValues;
  receivedAt: Date;
}

/**
 * Keeps the tenant's `fixes` (one per game at most) in one statement, each only while its game
 * is on and shares on a route that asks for it; the game's current step goes with it. A fix sent
 * again (same game and time), or one within FIX_MIN_GAP_MS of one kept, is not kept again; one
 * kept becomes the game's newest (`game_last_fixes`) unless a newer one is there. Answers the
 * games whose fix was written, with their routes.
 */
export async function insertFixes(
  db: Db,
  scope: TenantScope,
  fixes: readonly FixToKeep[],
): Promise<Map<string, string>> {
  const rows = await db
    .scoped(scope)
    .execute<{ game_id: string; route_id: string }>(insertFixesQuery(scope, fixes));
  return new Map(rows.map((row) => [row.game_id, row.route_id]));
}

/**
 * The statement of `insertFixes` (the plan check reads it). Each fix's game, and the fixes of
 * that game near its time, are looked up per fix by their keys ('offset 0' keeps each a lookup,
 * whatever the planner's statistics): a join would read every fix of the table once per group.
 * The steps of each route are read once per group, not once per fix (a route of 120 steps cost a
 * game at its 60th step half the statement).
 */
export function insertFixesQuery(scope: TenantScope, fixes: readonly FixToKeep[]): SQL {
  // One parameter, so that the statement's text is the same however many fixes it keeps.
  const input = JSON.stringify(
    fixes.map((f) => ({
      game_id: f.gameId,
      email: f.email,
      lat: f.fix.lat,
      lng: f.fix.lng,
      accuracy_m: f.fix.accuracyM,
      taken_at: f.fix.takenAt.toISOString(),
      received_at: f.receivedAt.toISOString(),
    })),
  );
  return sql`with fixes as (select g.tenant_id, g.route_id, g.id as game_id, g.current_step_index,
        i.lat, i.lng, i.accuracy_m, i.taken_at, i.received_at
      from jsonb_to_recordset(${input}::jsonb) as i(game_id uuid, email text, lat float8,
          lng float8, accuracy_m real, taken_at timestamptz, received_at timestamptz)
        -- Each fix's game by its key ('offset 0' keeps it a lookup per fix, not a join of all
        -- the tenant's games).
        cross join lateral (select g.tenant_id, g.route_id, g.id, g.current_step_index
          from games g join routes r on r.id = g.route_id and r.tenant_id = g.tenant_id
          where g.id = i.game_id and g.tenant_id = ${scope.tenantId}::uuid
            and g.owner_email = i.email and g.status <> 'completed'
            and g.location_sharing = 'shared' and r.location_sharing
          offset 0) g
      -- The game is the tenant's (above): its fixes by their time (game_fixes_game_taken_key),
      -- probed per fix ('offset 0': not an anti-join, which hashed the whole table).
      where not exists (select 1 from game_fixes f
          where f.game_id = g.id
            and f.taken_at > i.taken_at - ${`${FIX_MIN_GAP_MS} milliseconds`}::interval
            and f.taken_at < i.taken_at + ${`${FIX_MIN_GAP_MS} milliseconds`}::interval
          offset 0)
    ), route_steps as (
      -- The steps of each route of the group in their order, read once per route: a game's
      -- current step is the one at its index (null past the last).
      select d.route_id, a.ids from (select distinct route_id from fixes) d
        cross join lateral (select array_agg(s.id order by s.ord, s.id) as ids
          from steps s where s.route_id = d.route_id) a
    ), kept as (insert into game_fixes
        (tenant_id, route_id, game_id, step_id, lat, lng, accuracy_m, taken_at, received_at)
      select f.tenant_id, f.route_id, f.game_id, rs.ids[f.current_step_index + 1],
        f.lat, f.lng, f.accuracy_m, f.taken_at, f.received_at
      from fixes f left join route_steps rs on rs.route_id = f.route_id
      on conflict (game_id, taken_at) do nothing
      returning tenant_id, route_id, game_id, lat, lng, accuracy_m, taken_at
    ), newest as (
      insert into game_last_fixes (game_id, tenant_id, lat, lng, accuracy_m, taken_at)
      select game_id, tenant_id, lat, lng, accuracy_m, taken_at from kept ${AS_NEWEST_FIX}
    )
    select game_id, route_id from kept`;
}

/**
 * The tenant's game with what a fix needs of it (the team's, when `email` is given), or null
 * (another team's or tenant's, none).
 */
export async function findFixTarget(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; email?: string },
) {
  const scoped = db.scoped(scope);
  const [row] = await scoped
    .select({
      routeId: games.route_id,
      status: games.status,
      createdAt: games.created_at,
      sharing: games.location_sharing,
      routeAsks: routes.location_sharing,
    })
    .from(
      games,
      and(
        eq(games.id, opts.gameId),
        opts.email === undefined ? undefined : eq(games.owner_email, opts.email),
      ),
    )
    .innerJoin(routes, scoped.on(routes, eq(routes.id, games.route_id)))
    .limit(1);
  return row ?? null;
}

/** The game's fixes taken since `since`, the newest `limit`, oldest first. */
export async function listGameFixes(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; since: Date; limit: number },
) {
  const rows = await db
    .scoped(scope)
    .select({
      lat: gameFixes.lat,
      lng: gameFixes.lng,
      accuracy_m: gameFixes.accuracy_m,
      taken_at: gameFixes.taken_at,
    })
    .from(gameFixes, and(eq(gameFixes.game_id, opts.gameId), gte(gameFixes.taken_at, opts.since)))
    .orderBy(sql`${gameFixes.taken_at} desc nulls last`)
    .limit(opts.limit);
  return rows.reverse();
}

/** Every fix of the tenant's games `gameIds`, oldest first (a team's export). */
export function listFixesOfGames(db: Db, scope: TenantScope, gameIds: readonly string[]) {
  if (gameIds.length === 0) return Promise.resolve([]);
  return db
    .scoped(scope)
    .select({
      game_id: gameFixes.game_id,
      lat: gameFixes.lat,
      lng: gameFixes.lng,
      accuracy_m: gameFixes.accuracy_m,
      taken_at: gameFixes.taken_at,
      received_at: gameFixes.received_at,
    })
    .from(gameFixes, inArray(gameFixes.game_id, [...gameIds]))
    .orderBy(asc(gameFixes.game_id), asc(gameFixes.taken_at));
}

/** How many fixes the tenant's games `gameIds` have (what their erasure removes). */
export async function countFixesOfGames(
  db: Db,
  scope: TenantScope,
  gameIds: readonly string[],
): Promise<number> {
  if (gameIds.length === 0) return 0;
  const [row] = await db
    .scoped(scope)
    .select({ n: count() })
    .from(gameFixes, inArray(gameFixes.game_id, [...gameIds]));
  return row?.n ?? 0;
}

/** The tenants that keep fixes, with their retention in days. */
export function listTenantsWithFixes(db: Db) {
  return statementsOf(db.unscoped(PLATFORM_SCOPE))<{ id: string; days: number }>(
    sql`select t.id, t.location_retention_days as days from tenants t
      where exists (select 1 from game_fixes f where f.tenant_id = t.id)`,
  );
}

/**
 * Deletes up to `limit` of the tenant's fixes received before `cutoff`, oldest first (a game's
 * newest with its fix), and adds them to `route_fix_aggregates` (route, step, day: how many) in
 * the same statement. Answers how
 * many went.
 */
export async function purgeFixesBefore(
  db: Db,
  scope: TenantScope,
  opts: { cutoff: Date; limit: number },
): Promise<number> {
  const [row] = await db.scoped(scope).execute<{ n: number }>(
    sql`with gone as (
        delete from game_fixes where id in (
          select id from game_fixes
          where tenant_id = ${scope.tenantId}::uuid and received_at < ${opts.cutoff}::timestamptz
          order by tenant_id, received_at limit ${opts.limit})
        returning game_id, route_id, step_id, taken_at, received_at
      ), newest_gone as (
        delete from game_last_fixes l using gone
        where l.tenant_id = ${scope.tenantId}::uuid and l.game_id = gone.game_id
          and l.taken_at = gone.taken_at
      ), counted as (
        insert into route_fix_aggregates (tenant_id, route_id, step_id, day, fixes)
        select ${scope.tenantId}::uuid, route_id, step_id, (received_at at time zone 'UTC')::date,
          count(*)::int
        from gone group by route_id, step_id, (received_at at time zone 'UTC')::date
        on conflict (route_id, step_id, day)
          do update set fixes = route_fix_aggregates.fixes + excluded.fixes
      )
      select count(*)::int as n from gone`,
  );
  return row?.n ?? 0;
}
