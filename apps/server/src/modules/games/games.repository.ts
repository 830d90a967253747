import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { games, gameSteps, routes, steps } from '../../db/schema';
import type { TenantScope } from '../../db/scope';

/** A game row. */
export type GameRow = typeof games.$inferSelect;

/** The team's own game of the tenant with its route; locked for the transaction when `lock`. */
export async function findOwnGameWithRoute(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; email: string; lock?: boolean },
) {
  const scoped = db.scoped(scope);
  const query = scoped
    .select({ game: games, route: routes })
    .from(games, and(eq(games.id, opts.gameId), eq(games.owner_email, opts.email)))
    .innerJoin(routes, scoped.on(routes, eq(routes.id, games.route_id)))
    .limit(1);
  const [row] = opts.lock ? await query.for('update', { of: games }) : await query;
  return row ?? null;
}

/** The game's steps joined with the route's steps, in `ord` order. */
export function listGameSteps(db: Db, scope: TenantScope, gameId: string) {
  return db
    .scoped(scope)
    .select({ gameStep: gameSteps, step: steps })
    .from(gameSteps, eq(gameSteps.game_id, gameId))
    .innerJoin(steps, eq(steps.id, gameSteps.step_id))
    .orderBy(asc(steps.ord));
}

/** The team's active game of the route, else its most recently paused one. */
export async function findOpenGame(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; email: string },
): Promise<GameRow | null> {
  const [row] = await db
    .scoped(scope)
    .selectFrom(
      games,
      and(
        eq(games.route_id, opts.routeId),
        eq(games.owner_email, opts.email),
        inArray(games.status, ['active', 'paused']),
      ),
    )
    .orderBy(sql`${games.status} = 'active' desc`, desc(games.paused_at))
    .limit(1);
  return row ?? null;
}

/** The team's games that are not completed, newest first, with their route and step counts. */
export function listOpenGames(db: Db, scope: TenantScope, email: string) {
  const scoped = db.scoped(scope);
  return scoped
    .select({
      game: games,
      route_slug: routes.slug,
      route_title: routes.title,
      total: sql<number>`count(${gameSteps.id})::int`,
      done: sql<number>`count(${gameSteps.id}) filter (where ${gameSteps.status} <> 'pending')::int`,
    })
    .from(games, and(eq(games.owner_email, email), inArray(games.status, ['active', 'paused'])))
    .innerJoin(routes, scoped.on(routes, eq(routes.id, games.route_id)))
    .leftJoin(gameSteps, eq(gameSteps.game_id, games.id))
    .groupBy(games.id, routes.slug, routes.title)
    .orderBy(desc(sql`coalesce(${games.paused_at}, ${games.created_at})`));
}

/** A game of the tenant with its route, for its result card; null when there is none. */
export async function findGameWithRoute(db: Db, scope: TenantScope, gameId: string) {
  const scoped = db.scoped(scope);
  const [row] = await scoped
    .select({
      id: games.id,
      status: games.status,
      team_name: games.team_name,
      team_avatar_url: games.team_avatar_url,
      total_score: games.total_score,
      owner_email: games.owner_email,
      route: {
        id: routes.id,
        slug: routes.slug,
        title: routes.title,
        route_type: routes.route_type,
      },
    })
    .from(games, eq(games.id, gameId))
    .innerJoin(routes, scoped.on(routes, eq(routes.id, games.route_id)))
    .limit(1);
  return row ?? null;
}

/** The step `stepId` of the tenant's game `gameId`, if the game has it. */
export async function findGameStep(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; stepId: string },
) {
  const [row] = await db
    .scoped(scope)
    .selectFrom(
      gameSteps,
      and(eq(gameSteps.game_id, opts.gameId), eq(gameSteps.step_id, opts.stepId)),
    )
    .limit(1);
  return row ?? null;
}

/** A game step of the tenant with a photo, and the team whose game it is. */
export async function findPhotoStep(db: Db, scope: TenantScope, gameStepId: string) {
  const scoped = db.scoped(scope);
  const [row] = await scoped
    .select({ id: gameSteps.id, photo_url: gameSteps.photo_url, owner_email: games.owner_email })
    .from(gameSteps, eq(gameSteps.id, gameStepId))
    .innerJoin(games, scoped.on(games, eq(games.id, gameSteps.game_id)))
    .limit(1);
  return row ?? null;
}

/** The team's games of the tenant with their route's title, newest first. */
export function listTeamGameRows(db: Db, scope: TenantScope, email: string) {
  const scoped = db.scoped(scope);
  return scoped
    .select({ game: games, route_title: routes.title })
    .from(games, eq(games.owner_email, email))
    .innerJoin(routes, scoped.on(routes, eq(routes.id, games.route_id)))
    .orderBy(desc(games.created_at), desc(games.id));
}

/** The steps of the tenant's games `gameIds` with their place, in each route's `ord` order. */
export async function listStepsOfGames(db: Db, scope: TenantScope, gameIds: readonly string[]) {
  if (gameIds.length === 0) return [];
  return db
    .scoped(scope)
    .select({
      id: gameSteps.id,
      game_id: gameSteps.game_id,
      place: steps.place,
      status: gameSteps.status,
      attempts: gameSteps.attempts,
      points: gameSteps.points,
      started_ms: gameSteps.started_ms,
      ended_ms: gameSteps.ended_ms,
      photo_url: gameSteps.photo_url,
    })
    .from(gameSteps, inArray(gameSteps.game_id, [...gameIds]))
    .innerJoin(steps, eq(steps.id, gameSteps.step_id))
    .orderBy(asc(steps.ord));
}

/**
 * The team's games of the tenant, locked for the rest of the transaction (a try in flight
 * finishes first): their ids, routes and the avatar URL each was started with.
 */
export function lockTeamGames(db: Db, scope: TenantScope, email: string) {
  return db
    .scoped(scope)
    .select({ id: games.id, route_id: games.route_id, team_avatar_url: games.team_avatar_url })
    .from(games, eq(games.owner_email, email))
    .for('update');
}

/** The steps with a photo of the tenant's games `gameIds`. */
export async function listPhotoStepIds(
  db: Db,
  scope: TenantScope,
  gameIds: readonly string[],
): Promise<string[]> {
  if (gameIds.length === 0) return [];
  const rows = await db
    .scoped(scope)
    .select({ id: gameSteps.id })
    .from(gameSteps, and(inArray(gameSteps.game_id, [...gameIds]), isNotNull(gameSteps.photo_url)));
  return rows.map((row) => row.id);
}
