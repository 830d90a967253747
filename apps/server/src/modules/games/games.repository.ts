import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { games, gameSteps, idempotencyKeys, routes, steps } from '../../db/schema';
import type { TenantScope } from '../../db/scope';
import { gameReplyScope } from './try';

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

/** Starts the clock of a game step of the tenant. */
export async function startGameStepClock(
  db: Db,
  scope: TenantScope,
  opts: { gameStepId: string; startedMs: number },
): Promise<void> {
  await db
    .scoped(scope)
    .update(gameSteps, { started_ms: opts.startedMs }, eq(gameSteps.id, opts.gameStepId));
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

/** Inserts an active game of the tenant. */
export async function insertGame(
  db: Db,
  scope: TenantScope,
  values: {
    routeId: string;
    teamName: string;
    email: string;
    avatarUrl: string | null;
    now: Date;
  },
): Promise<GameRow> {
  const [row] = await db
    .scoped(scope)
    .insert(games, {
      route_id: values.routeId,
      team_name: values.teamName,
      owner_email: values.email,
      team_avatar_url: values.avatarUrl,
      status: 'active',
      created_at: values.now,
      started_at: values.now,
      last_active_at: values.now,
    })
    .returning();
  if (!row) throw new Error('insert returned no game');
  return row;
}

/** The tenant's game plays again (started or resumed): its team was heard from `now`. */
export async function setGameActive(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; now: Date },
): Promise<void> {
  await db
    .scoped(scope)
    .update(
      games,
      { status: 'active', paused_at: null, last_active_at: opts.now },
      eq(games.id, opts.gameId),
    );
}

/** The team of the tenant's game was heard from `now` (the game screen opened, a photo). */
export async function touchGame(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; now: Date },
): Promise<void> {
  await db.scoped(scope).update(games, { last_active_at: opts.now }, eq(games.id, opts.gameId));
}

/** The team's own active game is paused; false when there is none. */
export async function pauseGame(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; email: string; now: Date },
): Promise<boolean> {
  const paused = await db
    .scoped(scope)
    .update(
      games,
      { status: 'paused', paused_at: opts.now, last_active_at: opts.now },
      and(eq(games.id, opts.gameId), eq(games.owner_email, opts.email), eq(games.status, 'active')),
    )
    .returning({ id: games.id });
  return paused.length > 0;
}

/** Adds a pending game step for every route step the tenant's game does not have yet. */
export async function ensureGameSteps(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; stepIds: readonly string[] },
): Promise<void> {
  await db.scoped(scope).insertChildren(
    gameSteps,
    opts.stepIds.map((stepId) => ({
      game_id: opts.gameId,
      step_id: stepId,
      status: 'pending' as const,
    })),
    { ignoreConflicts: true },
  );
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

/** Records the URL of the photo of a game step of the tenant. */
export async function setPhotoUrl(
  db: Db,
  scope: TenantScope,
  opts: { gameStepId: string; url: string },
): Promise<void> {
  await db
    .scoped(scope)
    .update(gameSteps, { photo_url: opts.url }, eq(gameSteps.id, opts.gameStepId));
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

/** Deletes the tenant's games `gameIds`, their steps (cascade) and the replies kept for them. */
export async function deleteGames(
  db: Db,
  scope: TenantScope,
  gameIds: readonly string[],
): Promise<void> {
  if (gameIds.length === 0) return;
  const scoped = db.scoped(scope);
  await scoped.delete(idempotencyKeys, inArray(idempotencyKeys.scope, gameIds.map(gameReplyScope)));
  await scoped.delete(games, inArray(games.id, [...gameIds]));
}
