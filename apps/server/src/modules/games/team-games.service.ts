import type { TeamGame } from '@tappa/contracts';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { listReviewedPhotoSteps } from '../review/review-items.service';
import { deleteGames } from './game-writes.repository';
import { countFixesOfGames } from './fixes/fixes.service';
import { countHintsOfGames, listTeamHints } from './hints/hints.service';
import {
  listPhotoStepIds,
  listStepsOfGames,
  listTeamGameRows,
  lockTeamGames,
} from './games.repository';
import { stepPhotoUrl } from './photos.service';

/**
 * The team's games of the tenant for its staff (decision 0034), newest first: route, start and
 * end, score, per step the place, tries, points, time taken and the photo's URL, and the hints
 * taken (decision 0085). Answers and hints' texts never leave the server here.
 */
export async function listTeamGames(
  db: Db,
  scope: TenantScope,
  email: string,
): Promise<TeamGame[]> {
  const rows = await listTeamGameRows(db, scope, email);
  const gameIds = rows.map((row) => row.game.id);
  const stepRows = await listStepsOfGames(db, scope, gameIds);
  const hints = await listTeamHints(db, scope, gameIds);
  return rows.map(({ game, route_title }) => ({
    id: game.id,
    route_title,
    status: game.status,
    started_at: game.started_at?.toISOString() ?? null,
    finished_at: game.finished_at?.toISOString() ?? null,
    total_score: game.total_score,
    steps: stepRows
      .filter((step) => step.game_id === game.id)
      .map((step) => ({
        id: step.id,
        place: step.place,
        status: step.status,
        attempts: step.attempts,
        points: step.points,
        elapsed_ms: stepElapsedMs(step),
        photo_url: step.photo_url === null ? null : stepPhotoUrl(scope, step.id, step.photo_url),
      })),
    hints: hints.get(game.id) ?? [],
  }));
}

/** A game step's time: its end less the start of its clock; null until both are known. */
export function stepElapsedMs(step: { started_ms: number | null; ended_ms: number | null }) {
  return step.started_ms !== null && step.ended_ms !== null
    ? Math.max(0, step.ended_ms - step.started_ms)
    : null;
}

/** What erasing a team's games removed: for the files and the scoreboards, after the commit. */
export interface ErasedGames {
  games: number;
  /** The hints its games took, erased with them (cascade). */
  hints: number;
  /** The positions its phones shared, erased with them (cascade; decision 0086). */
  fixes: number;
  /** The routes the team played: their scoreboards changed. */
  routeIds: string[];
  /** The game steps whose photos are to be removed from storage. */
  photoStepIds: string[];
  /** The avatar URLs the games were started with. */
  avatarUrls: string[];
}

/**
 * Deletes the team's games of the tenant with their steps and kept replies, in the caller's
 * transaction; the games are locked first, so a try in flight finishes before. The photos stay
 * in storage until the caller has committed (`removeStepPhotos`).
 */
export async function eraseTeamGames(
  tx: Db,
  scope: TenantScope,
  email: string,
): Promise<ErasedGames> {
  const locked = await lockTeamGames(tx, scope, email);
  const gameIds = locked.map((game) => game.id);
  // A rejected photo that was not retaken has no URL on its step any more, only on its review item.
  const photoStepIds = [
    ...new Set([
      ...(await listPhotoStepIds(tx, scope, gameIds)),
      ...(await listReviewedPhotoSteps(tx, scope, gameIds)),
    ]),
  ];
  const hints = await countHintsOfGames(tx, scope, gameIds);
  const fixes = await countFixesOfGames(tx, scope, gameIds);
  await deleteGames(tx, scope, gameIds);
  return {
    games: gameIds.length,
    hints,
    fixes,
    routeIds: [...new Set(locked.map((game) => game.route_id))],
    photoStepIds,
    avatarUrls: [...new Set(locked.flatMap((game) => game.team_avatar_url ?? []))],
  };
}
