import { games, urlOf } from '@tappa/contracts';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { checkImage } from '../../infra/images';
import { deleteObjects, type StorageDriver } from '../../infra/storage/storage';
import { writeGameOutsideTry } from './game-writes.repository';
import { findGameStep, findOwnGameWithRoute, findPhotoStep } from './games.repository';
import { canReadPhoto, type PhotoViewer } from './games.policy';

/** Game photos are private: stored under the tenant, one file per game step (a retake overwrites). */
const photoKey = (tenantId: string, gameStepId: string) => `${tenantId}/${gameStepId}.jpg`;

/** Where a game step's photo is read, under the tenant's current slug. */
const photoPath = (slug: string, gameStepId: string) =>
  urlOf(games.readPhoto, { slug, gameStepId });

/**
 * The URL of a game step's stored photo as the tenant's pages ask for it now: the tenant's slug
 * of today and the version of the upload (`?v=`, so a retake is not served from a cache).
 */
export function stepPhotoUrl(scope: TenantScope, gameStepId: string, storedUrl: string): string {
  const query = storedUrl.indexOf('?');
  return `${photoPath(scope.slug, gameStepId)}${query === -1 ? '' : storedUrl.slice(query)}`;
}

/**
 * Removes the stored photos of these game steps of the tenant (a missing file is no error);
 * answers the storage keys that could not be removed.
 */
export function removeStepPhotos(
  storage: StorageDriver,
  scope: TenantScope,
  gameStepIds: readonly string[],
): Promise<string[]> {
  return deleteObjects(
    storage,
    'game-photos',
    gameStepIds.map((id) => photoKey(scope.tenantId, id)),
  );
}

/**
 * Stores the team's photo for a pending photo step (checked by content, re-encoded as JPEG) and
 * records its URL; the step is then solved by the next submission.
 */
export async function uploadStepPhoto(
  deps: { db: Db; storage: StorageDriver; now: Date },
  scope: TenantScope,
  opts: { gameId: string; stepId: string; email: string; file: Buffer },
): Promise<{ photo_url: string }> {
  const loaded = await findOwnGameWithRoute(deps.db, scope, opts);
  if (!loaded) throw new AppError('game_not_found');
  const gameStep = await findGameStep(deps.db, scope, {
    gameId: loaded.game.id,
    stepId: opts.stepId,
  });
  if (!gameStep) throw new AppError('step_not_found');
  if (gameStep.status !== 'pending') throw new AppError('step_done');
  const image = await checkImage(opts.file, {
    allowed: ['jpeg', 'png', 'webp'],
    maxDimensionPx: 2048,
    field: 'photo',
  });
  await deps.storage.put({
    bucket: 'game-photos',
    key: photoKey(scope.tenantId, gameStep.id),
    body: image.body,
    contentType: image.contentType,
  });
  const url = `${photoPath(scope.slug, gameStep.id)}?v=${deps.now.getTime()}`;
  // With the game's row: its new version tells a try judged without reading that a photo came
  // (decision 0054).
  await writeGameOutsideTry(
    deps.db,
    scope,
    {
      id: loaded.game.id,
      set: { last_active_at: deps.now },
      events: [{ stepId: opts.stepId, kind: 'photo', points: 0, at: deps.now }],
    },
    (steps) => steps.setPhotoUrl(gameStep.id, url),
  );
  return { photo_url: url };
}

/**
 * The photo of a game step of the tenant for whoever the photo rule lets see it (games.policy);
 * anyone else gets the same 404 as for a photo that does not exist.
 */
export async function readStepPhoto(
  deps: { db: Db; storage: StorageDriver },
  scope: TenantScope,
  opts: { gameStepId: string; viewer: PhotoViewer },
) {
  const step = await findPhotoStep(deps.db, scope, opts.gameStepId);
  if (!step?.photo_url) throw new AppError('photo_not_found');
  if (!canReadPhoto(opts.viewer, { ownerEmail: step.owner_email })) {
    throw new AppError('photo_not_found');
  }
  const file = await deps.storage.get('game-photos', photoKey(scope.tenantId, step.id));
  if (!file) throw new AppError('photo_not_found');
  return file;
}
