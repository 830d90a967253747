import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import type { StorageDriver } from '../../infra/storage/storage';
import { openStepPhoto } from '../games/photos.service';
import { findItem } from './review-items.repository';

// An item's photo for the judges and the wall (decision 0083): the stored photo (up to 2048 px),
// or its phone-sized variant, made on first demand and kept in memory, so that a judge's page
// shows the next item at once (it asks for it ahead) and the wall stays light.

/** The phone-sized variant's longest side. */
const PHONE_SIZE_PX = 1024;

/** Variants kept, the newest used last (about 100 KB each). */
const KEPT_VARIANTS = 200;

const variants = new Map<string, Promise<Buffer>>();

/** The phone-sized variant of the photo `read` gives, under `key` (its game step and version). */
function phoneVariant(key: string, read: () => Promise<Buffer>): Promise<Buffer> {
  let variant = variants.get(key);
  if (variant) {
    variants.delete(key);
  } else {
    variant = read().then((photo) =>
      sharp(photo)
        .resize({
          width: PHONE_SIZE_PX,
          height: PHONE_SIZE_PX,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .jpeg({ quality: 75 })
        .toBuffer(),
    );
    variant.catch(() => variants.delete(key));
    if (variants.size >= KEPT_VARIANTS) {
      const oldest = variants.keys().next().value;
      if (oldest !== undefined) variants.delete(oldest);
    }
  }
  variants.set(key, variant);
  return variant;
}

/**
 * The photo of the tenant's review item `itemId`: its file (one per game step: a retake's photo
 * replaces a rejected one), whole or phone-sized. 404 for a text item or a missing file.
 */
export async function readReviewPhoto(
  deps: { db: Db; storage: StorageDriver },
  scope: TenantScope,
  opts: { itemId: string; size: 'phone' | 'full' },
): Promise<{ body: Buffer | Readable; contentType: string }> {
  const item = await findItem(deps.db, scope, opts.itemId);
  if (item?.kind !== 'photo') throw new AppError('photo_not_found');
  const file = await openStepPhoto(deps.storage, scope, item.game_step_id);
  if (!file) throw new AppError('photo_not_found');
  if (opts.size === 'full') return { body: file.body, contentType: file.contentType };
  // The retake's file replaces the rejected one's: its size and the item's version tell them apart.
  const key = `${scope.tenantId}/${item.game_step_id}/${file.sizeBytes}/${item.photo_url ?? ''}`;
  const read = async () => Buffer.concat((await file.body.toArray()) as Buffer[]);
  return { body: await phoneVariant(key, read), contentType: 'image/jpeg' };
}
