import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LEDGER_KINDS, type LedgerKind } from '@tappa/domain';
import type { Db } from '../../db/db';
import { gameEvents, games, routes, steps } from '../../db/schema';
import type { TenantScope } from '../../db/scope';

// The score ledger's reads (decision 0069): a game locked for a staff action, an action already
// applied, an event and the undo that compensated it, a game's or a route's ledger. Every write
// of a game, its steps and its events goes through `writeGameOutsideTry` (games module).

/** A game row. */
export type LedgerGameRow = typeof games.$inferSelect;

/**
 * Game `gameId` of the tenant with its route, locked for the transaction: a staff action is
 * judged and written while no try or other action writes the game (a try's write waits, then
 * finds a new version and judges again).
 */
export async function lockGame(db: Db, scope: TenantScope, gameId: string) {
  const scoped = db.scoped(scope);
  const [row] = await scoped
    .select({ game: games, route: { id: routes.id, route_type: routes.route_type } })
    .from(games, eq(games.id, gameId))
    .innerJoin(routes, scoped.on(routes, eq(routes.id, games.route_id)))
    .limit(1)
    .for('update', { of: games });
  return row ?? null;
}

/** Game `gameId` of the tenant (not locked), or the team's own when `email` is given. */
export async function findGame(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; email?: string },
): Promise<LedgerGameRow | null> {
  const [row] = await db
    .scoped(scope)
    .selectFrom(
      games,
      and(
        eq(games.id, opts.gameId),
        opts.email === undefined ? undefined : eq(games.owner_email, opts.email),
      ),
    )
    .limit(1);
  return row ?? null;
}

const undo = alias(gameEvents, 'undo');

/** An event as the ledger shows it: with its step's place and the undo that compensated it. */
const EVENT_FIELDS = {
  id: gameEvents.id,
  game_id: gameEvents.game_id,
  route_id: gameEvents.route_id,
  step_id: gameEvents.step_id,
  place: steps.place,
  kind: gameEvents.kind,
  points: gameEvents.points,
  reason: gameEvents.reason,
  details: gameEvents.details,
  actor_email: gameEvents.actor_email,
  undoes_id: gameEvents.undoes_id,
  undone_by_id: undo.id,
  at: gameEvents.at,
  team_name: games.team_name,
};

/** The events of the tenant matching `where` with their step, team and undo, oldest first. */
function selectEvents(db: Db, scope: TenantScope, where: ReturnType<typeof and>) {
  const scoped = db.scoped(scope);
  return scoped
    .select(EVENT_FIELDS)
    .from(gameEvents, where)
    .innerJoin(games, scoped.on(games, eq(games.id, gameEvents.game_id)))
    .leftJoin(steps, eq(steps.id, gameEvents.step_id))
    .leftJoin(undo, eq(undo.undoes_id, gameEvents.id))
    .orderBy(asc(gameEvents.id));
}

/** An event row of the ledger's reads. */
export type LedgerEventRow = Awaited<ReturnType<typeof selectEvents>>[number];

/** The tenant's event made by staff action `actionId`, if it was applied. */
export async function findActionEvent(
  db: Db,
  scope: TenantScope,
  actionId: string,
): Promise<LedgerEventRow | null> {
  const [row] = await selectEvents(db, scope, eq(gameEvents.action_id, actionId)).limit(1);
  return row ?? null;
}

/** Event `eventId` of the tenant's game `gameId`, with the undo that compensated it. */
export async function findGameEvent(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; eventId: number },
): Promise<LedgerEventRow | null> {
  const [row] = await selectEvents(
    db,
    scope,
    and(eq(gameEvents.id, opts.eventId), eq(gameEvents.game_id, opts.gameId)),
  ).limit(1);
  return row ?? null;
}

/** The game's score after event `eventId`: the sum of its events up to it (the ledger's rule). */
export async function scoreAfter(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; eventId: number },
): Promise<number> {
  const [row] = await db
    .scoped(scope)
    .select({ total: sql<number>`coalesce(sum(${gameEvents.points}), 0)::integer` })
    .from(
      gameEvents,
      and(eq(gameEvents.game_id, opts.gameId), sql`${gameEvents.id} <= ${opts.eventId}`),
    );
  return Number(row?.total ?? 0);
}

/** The ledger entries (scoring kinds) of the tenant's game `gameId`, oldest first. */
export function listGameLedger(db: Db, scope: TenantScope, gameId: string) {
  return selectEvents(
    db,
    scope,
    and(eq(gameEvents.game_id, gameId), inArray(gameEvents.kind, [...LEDGER_KINDS])),
  );
}

/** The ledger entries of every game of the tenant's route `routeId`, oldest first. */
export function listRouteLedger(db: Db, scope: TenantScope, routeId: string) {
  return selectEvents(
    db,
    scope,
    and(eq(gameEvents.route_id, routeId), inArray(gameEvents.kind, [...LEDGER_KINDS])),
  );
}

/** A ledger entry as an event report lists it: its step by id, and whether it was undone. */
export interface ReportLedgerRow {
  id: number;
  step_id: string | null;
  kind: LedgerKind;
  points: number;
  reason: string | null;
  undone: boolean;
}

/**
 * The ledger entries (scoring kinds) of the tenant's route's games `gameIds`, oldest first, one
 * row per game: the team ledger's entries of a whole event (a thousand teams) in one statement,
 * each game's gathered by the database (a row per entry would cost more to carry than to find).
 */
export function listGamesLedger(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; gameIds: readonly string[] },
): Promise<{ game_id: string; entries: ReportLedgerRow[] }[]> {
  return db.scoped(scope).execute(
    sql`select e.game_id, json_agg(json_build_object('id', e.id, 'step_id', e.step_id,
        'kind', e.kind, 'points', e.points, 'reason', e.reason, 'undone', u.id is not null)
        order by e.id) as entries
      from game_events e
        left join game_events u on u.undoes_id = e.id
      where e.tenant_id = ${scope.tenantId}::uuid and e.route_id = ${opts.routeId}::uuid
        -- One array literal, not a parameter per game.
        and e.game_id = any(${`{${opts.gameIds.join(',')}}`}::uuid[])
        and e.kind in (${sql.join(
          LEDGER_KINDS.map((kind) => sql`${kind}`),
          sql`, `,
        )})
      group by e.game_id`,
  );
}

/** The ids of the route's steps in `ord` order (a step's number is its place here, from 1). */
export async function listRouteStepIds(
  db: Db,
  scope: TenantScope,
  routeId: string,
): Promise<string[]> {
  const rows = await db
    .scoped(scope)
    .select({ id: steps.id })
    .from(steps, eq(steps.route_id, routeId))
    .orderBy(asc(steps.ord));
  return rows.map((row) => row.id);
}
