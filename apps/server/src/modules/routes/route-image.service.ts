import { buffer } from 'node:stream/consumers';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { checkImage } from '../../infra/images';
import { type StorageDriver, storedKeyOf } from '../../infra/storage/storage';
import { listSteps, updateRoute } from './routes.repository';
import { presentRoute, requireRoute } from './routes.service';

/** Where route `routeId`'s image is stored, and the URL that serves it, versioned at `now`. */
function routeImageAt(
  deps: { storage: StorageDriver; now: Date },
  scope: TenantScope,
  opts: { routeId: string; ext: string },
) {
  const key = `${scope.tenantId}/${opts.routeId}.${opts.ext}`;
  const url = `${deps.storage.publicUrl('route-images', key)}?v=${deps.now.getTime()}`;
  return { key, url };
}

/** The storage key of a route image URL this platform issued, or null for a foreign one. */
function routeImageKey(url: string | null): string | null {
  return storedKeyOf('route-images', url?.split('?')[0] ?? null);
}

/**
 * Stores a route's image at `route-images/{tenant id}/{route id}.{ext}` (overwriting; a different
 * extension replaces the old file) and saves its URL, versioned so browsers fetch the new one.
 */
export async function uploadRouteImage(
  deps: { db: Db; storage: StorageDriver; now: Date },
  scope: TenantScope,
  opts: { routeId: string; file: Buffer },
) {
  const route = await requireRoute(deps.db, scope, opts.routeId);
  const image = await checkImage(opts.file, {
    allowed: ['png', 'webp', 'jpeg'],
    maxDimensionPx: 1600,
    field: 'route_image',
  });
  const { key, url } = routeImageAt(deps, scope, { routeId: route.id, ext: image.ext });
  await deps.storage.put({
    bucket: 'route-images',
    key,
    body: image.body,
    contentType: image.contentType,
  });
  const updated = await updateRoute(deps.db, scope, route.id, { image_url: url });
  if (!updated) throw new AppError('route_not_found');
  const oldKey = routeImageKey(route.image_url);
  if (oldKey && oldKey !== key)
    await deps.storage.delete('route-images', oldKey).catch(() => undefined);
  return presentRoute(updated, (await listSteps(deps.db, scope, updated.id)).length);
}

/**
 * Copies a route's image file for route `routeId` (a copy of a route, decision 0087) and answers
 * the copy's URL: each route owns its file, which a new upload overwrites or deletes. A URL that
 * is not one of ours is kept as it is; an image whose file is gone is none.
 */
export async function copyRouteImage(
  deps: { storage: StorageDriver; now: Date },
  scope: TenantScope,
  opts: { imageUrl: string | null; routeId: string },
): Promise<string | null> {
  const fromKey = routeImageKey(opts.imageUrl);
  if (!fromKey) return opts.imageUrl;
  const stored = await deps.storage.get('route-images', fromKey);
  if (!stored) return null;
  const ext = fromKey.slice(fromKey.lastIndexOf('.') + 1);
  const { key, url } = routeImageAt(deps, scope, { routeId: opts.routeId, ext });
  const body = await buffer(stored.body);
  await deps.storage.put({ bucket: 'route-images', key, body, contentType: stored.contentType });
  return url;
}

/** Deletes a route image file this platform stored, ignoring failures (an orphan is harmless). */
export async function removeRouteImage(storage: StorageDriver, url: string | null): Promise<void> {
  const key = routeImageKey(url);
  if (key) await storage.delete('route-images', key).catch(() => undefined);
}
