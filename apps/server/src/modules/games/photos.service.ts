import { games, urlOf } from '@tappa/contracts';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { type CheckedImage, checkImage } from '../../infra/images';
import { deleteObjects, type StorageDriver } from '../../infra/storage/storage';
import { findPhotoStep } from './games.repository';
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
 * When a game step's photo was sent: the version its stored URL carries (`?v=`, the server's
 * clock at the upload), or null for a URL without one.
 */
export function photoSentAt(storedUrl: string): Date | null {
  const version = /[?&]v=(\d+)/.exec(storedUrl)?.[1];
  return version ? new Date(Number(version)) : null;
}

/** The size of a game step's stored photo, or null when its file is missing. */
export async function statStepPhoto(
  storage: StorageDriver,
  scope: TenantScope,
  gameStepId: string,
): Promise<number | null> {
  const info = await storage.stat('game-photos', photoKey(scope.tenantId, gameStepId));
  return info?.sizeBytes ?? null;
}

/** A game step's stored photo to read, or null when its file is missing. */
export function openStepPhoto(storage: StorageDriver, scope: TenantScope, gameStepId: string) {
  return storage.get('game-photos', photoKey(scope.tenantId, gameStepId));
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
 * Checks a team's photo by its content, re-encodes it as JPEG (one photo at a time, see
 * `encodePhoto`) and stores it privately for its game step; answers the URL to record.
 */
export async function storeStepPhoto(
  deps: { storage: StorageDriver; now: Date },
  scope: TenantScope,
  opts: { gameStepId: string; file: Buffer },
): Promise<string> {
  const image = await encodePhoto(opts.file);
  await deps.storage.put({
    bucket: 'game-photos',
    key: photoKey(scope.tenantId, opts.gameStepId),
    body: image.body,
    contentType: image.contentType,
  });
  return `${photoPath(scope.slug, opts.gameStepId)}?v=${deps.now.getTime()}`;
}

/**
 * The photos being re-encoded, one after the other: when teams reach a photo step together, the
 * re-encoding takes one core at most and the tries keep the other (issue 33).
 */
let encoding: Promise<unknown> = Promise.resolve();

function encodePhoto(file: Buffer): Promise<CheckedImage> {
  const run = () =>
    checkImage(file, { allowed: ['jpeg', 'png', 'webp'], maxDimensionPx: 2048, field: 'photo' });
  const next = encoding.then(run, run);
  encoding = next.catch(() => undefined);
  return next;
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
  const file = await openStepPhoto(deps.storage, scope, step.id);
  if (!file) throw new AppError('photo_not_found');
  return file;
}
