import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { checkImage } from '../../infra/images';
import type { StorageDriver } from '../../infra/storage/storage';
import { listSteps, updateRoute } from './routes.repository';
import { presentRoute, requireRoute } from './routes.service';

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
  const key = `${scope.tenantId}/${route.id}.${image.ext}`;
  await deps.storage.put({
    bucket: 'route-images',
    key,
    body: image.body,
    contentType: image.contentType,
  });
  const url = `${deps.storage.publicUrl('route-images', key)}?v=${deps.now.getTime()}`;
  const updated = await updateRoute(deps.db, scope, route.id, { image_url: url });
  if (!updated) throw new AppError('route_not_found');
  const oldKey = route.image_url?.split('?')[0]?.split('/route-images/')[1];
  if (oldKey && oldKey !== key)
    await deps.storage.delete('route-images', oldKey).catch(() => undefined);
  return presentRoute(updated, (await listSteps(deps.db, scope, updated.id)).length);
}
