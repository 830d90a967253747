import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { writeGameOutsideTry } from './game-writes.repository';
import { findGameStep, findOwnGameWithRoute } from './games.repository';

// The database's side of a team's photo upload, two tasks (games.tasks.ts) around the image's
// check and storage (photos.service.ts); nothing here loads the image library into the database
// thread.

/** The pending game step a team's photo is for, and its game's route. */
export interface PhotoTarget {
  gameStepId: string;
  routeId: string;
}

/**
 * The pending step of the team's own game that a photo is for (a database task: one message on
 * the embedded database, decision 0081); refused when the game or step is not the team's or the
 * step is done.
 */
export async function findPhotoTarget(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; stepId: string; email: string },
): Promise<PhotoTarget> {
  const loaded = await findOwnGameWithRoute(db, scope, opts);
  if (!loaded) throw new AppError('game_not_found');
  const gameStep = await findGameStep(db, scope, { gameId: loaded.game.id, stepId: opts.stepId });
  if (!gameStep) throw new AppError('step_not_found');
  if (gameStep.status !== 'pending') throw new AppError('step_done');
  return { gameStepId: gameStep.id, routeId: loaded.game.route_id };
}

/**
 * Records the URL of a stored photo on its game step, with the game's row: its new version
 * tells a try judged without reading that a photo came (decision 0054). A database task.
 */
export async function recordStepPhoto(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; stepId: string; gameStepId: string; url: string; now: Date },
): Promise<undefined> {
  await writeGameOutsideTry(
    db,
    scope,
    {
      id: opts.gameId,
      set: { last_active_at: opts.now },
      events: [{ stepId: opts.stepId, kind: 'photo', points: 0, at: opts.now }],
    },
    (steps) => steps.setPhotoUrl(opts.gameStepId, opts.url),
  );
  return undefined;
}
