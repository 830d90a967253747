import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/db';
import { games, gameSteps, steps } from '../../../db/schema';
import type { TenantScope } from '../../../db/scope';

/**
 * The game steps with a photo of the tenant's route (`routeId`) or game (`gameId`), each with its
 * game's team and step: by the games' start (a game not started after the others, then by its
 * creation) and the steps' order.
 */
export function listAlbumPhotos(
  db: Db,
  scope: TenantScope,
  of: { routeId: string } | { gameId: string },
) {
  const scoped = db.scoped(scope);
  return scoped
    .select({
      game_step_id: gameSteps.id,
      photo_url: gameSteps.photo_url,
      game_id: games.id,
      team_name: games.team_name,
      step_id: steps.id,
      place: steps.place,
    })
    .from(games, 'routeId' in of ? eq(games.route_id, of.routeId) : eq(games.id, of.gameId))
    .innerJoin(gameSteps, and(eq(gameSteps.game_id, games.id), isNotNull(gameSteps.photo_url)))
    .innerJoin(steps, eq(steps.id, gameSteps.step_id))
    .orderBy(
      sql`${games.started_at} asc nulls last`,
      asc(games.created_at),
      asc(games.id),
      asc(steps.ord),
    );
}
