import type { Db } from '../../../db/db';
import type { TenantScope } from '../../../db/scope';
import { AppError } from '../../../errors';
import { judgeOnce, type TryOutcome } from './judge-once';
import { checkEventPlays } from '../event-times';
import { completeGame } from './tries.service';

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
  return judgeOnce(db, scope, { ...opts, stepId: null }, (loaded, change, writes) => {
    if (loaded.route.route_type !== 'exploration') throw new AppError('finish_not_allowed');
    if (loaded.game.status !== 'completed') checkEventPlays(loaded.route, opts.now);
    const { states } = loaded;
    const { total_score: totalScore } = loaded.game;
    const currentStepIndex = Math.max(states.length - 1, 0);
    if (loaded.game.status !== 'completed') {
      completeGame(
        { scope, loaded, change, writes },
        { states, now: opts.now, totalScore, currentStepIndex, cause: 'exploration' },
      );
    }
    return {
      outcome: 'finished',
      reason: null,
      points: 0,
      total_score: totalScore,
      current_step_index: currentStepIndex,
      completed: true,
    };
  });
}
