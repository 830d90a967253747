import type { TeamResults } from '@tappa/contracts';
import type { Db } from '../../../db/db';
import type { TenantScope } from '../../../db/scope';
import { AppError } from '../../../errors';
import { readTeamLedger } from '../../ledger/ledger.service';
import { findOwnGameWithRoute, listGameSteps } from '../games.repository';
import { loadGameResult } from '../games.service';
import { stepPhotoUrl } from '../photos.service';
import { stepElapsedMs } from '../team-games.service';

/**
 * `gameResults.own` (issue 38, decision 0088): the team's own results of its game once it is
 * over — its place and score as the result card gives them, its total time, its steps in the
 * route's order with their tries, time and points and its photos' URLs, and its ledger with the
 * reasons. Another team's game is as missing as one that does not exist.
 */
export async function readTeamResults(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; email: string },
): Promise<TeamResults> {
  const own = await findOwnGameWithRoute(db, scope, opts);
  if (!own) throw new AppError('game_not_found');
  const { game } = own;
  // Finished, timed out or ended by the staff: every way a game ends leaves it completed.
  if (game.status !== 'completed') throw new AppError('game_not_over');
  const card = await loadGameResult(db, scope, game.id);
  const gameSteps = await listGameSteps(db, scope, game.id);
  const ledger = await readTeamLedger(db, scope, opts);
  const startedAt = game.started_at ?? game.created_at;
  return {
    game_id: game.id,
    team_name: card.team_name,
    route: card.route,
    position: card.position,
    total_score: card.total_score,
    total_ms: game.finished_at
      ? Math.max(0, game.finished_at.getTime() - startedAt.getTime())
      : null,
    finished_at: game.finished_at?.toISOString() ?? null,
    steps: gameSteps.map(({ gameStep, step }, index) => ({
      number: index + 1,
      place: step.place,
      status: gameStep.status,
      attempts: gameStep.attempts,
      elapsed_ms: stepElapsedMs(gameStep),
      points: gameStep.points,
      photo_url:
        gameStep.photo_url === null ? null : stepPhotoUrl(scope, gameStep.id, gameStep.photo_url),
    })),
    ledger: ledger.entries,
  };
}
