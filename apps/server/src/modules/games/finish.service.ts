import type { SubmitResult } from '@tappa/contracts';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import {
  findReply,
  gameReplyScope,
  listGameStepStates,
  lockGameForTry,
  saveReply,
  writeTogether,
} from './tries.repository';
import { completeGame, type TryOutcome } from './tries.service';

/**
 * 'Next' on the last step of an exploration route (doc 2 §4: "finishing shows the completion
 * screen and marks the game completed"): the game is completed with its score, once per
 * client-generated id. Exploration moves are not recorded, so the team may finish from any step
 * (decision 0038); a game that is already completed answers the same, so a second phone or a
 * resend after a lost answer finishes nothing twice. Progressive routes end by their tries only.
 */
export async function finishExploration(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; email: string; now: Date; submissionId: string },
): Promise<TryOutcome> {
  return db.transaction(async (tx) => {
    const loaded = await lockGameForTry(tx, scope, { ...opts, stepId: null });
    if (!loaded) throw new AppError('game_not_found');
    const replyScope = gameReplyScope(loaded.game.id);
    const routeId = loaded.route.id;
    const earlier = await findReply(tx, scope, { scope: replyScope, key: opts.submissionId });
    if (earlier) return { result: earlier as SubmitResult, routeId };
    if (loaded.route.route_type !== 'exploration') throw new AppError('finish_not_allowed');
    const states = await listGameStepStates(tx, scope, loaded.game.id);
    const { total_score: totalScore } = loaded.game;
    const currentStepIndex = Math.max(states.length - 1, 0);
    const result: SubmitResult = {
      outcome: 'finished',
      reason: null,
      points: 0,
      total_score: totalScore,
      current_step_index: currentStepIndex,
      completed: true,
    };
    const writes: SQL[] = [];
    if (loaded.game.status !== 'completed') {
      completeGame(
        { scope, loaded, writes },
        { states, now: opts.now, totalScore, currentStepIndex },
      );
    }
    writes.push(saveReply(scope, { scope: replyScope, key: opts.submissionId, response: result }));
    await writeTogether(tx, scope, writes);
    return { result, routeId };
  });
}
