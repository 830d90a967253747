import { randomUUID } from 'node:crypto';
import type { RouteSummary } from '@tappa/contracts';
import { copySlug, copyTitle } from '@tappa/domain';
import type { Db } from '../../db/db';
import { isUniqueViolation } from '../../db/errors';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import type { StorageDriver } from '../../infra/storage/storage';
import { copyPricing } from '../pricing/pricing.service';
import { copyRouteImage, removeRouteImage } from './route-image.service';
import {
  copySteps,
  findRoute,
  insertRoute,
  listRouteSlugs,
  type RouteRow,
  type RouteValues,
} from './routes.repository';
import { presentRoute, requireRoute } from './routes.service';

/**
 * How many times a copy is written again when another request took its slug meanwhile (two
 * copies of one route at once on PostgreSQL): each time it takes the next free slug.
 */
const SLUG_RACE_TRIES = 3;

/** What a copy needs besides the database: its image file is copied too. */
export interface DuplicateRouteDeps {
  db: Db;
  storage: StorageDriver;
  now: Date;
}

/**
 * The copy's row: every setting of the source as it is (any column added later too), under its
 * own id, slug, title and image; disabled until the organiser enables it, and without the event
 * clock, whose times and pause belong to the source's event (decision 0087).
 */
function copyValues(
  source: RouteRow,
  copy: { id: string; slug: string; title: string; imageUrl: string | null },
): RouteValues & { id: string; slug: string; title: string } {
  const {
    id: _id,
    tenant_id: _tenant,
    created_at: _created,
    updated_at: _updated,
    ...fields
  } = source;
  return {
    ...fields,
    id: copy.id,
    slug: copy.slug,
    title: copy.title,
    image_url: copy.imageUrl,
    is_active: false,
    event_start_at: null,
    event_end_at: null,
    event_paused_at: null,
    event_closed_at: null,
  };
}

/** Writes the copy of `source` with its steps and price lists, in one transaction. */
function writeCopy(
  db: Db,
  scope: TenantScope,
  copy: { source: RouteRow; id: string; imageUrl: string | null },
) {
  return db.transaction(async (tx) => {
    // Read again inside the transaction: the copy is of the route as it is now, or of none.
    const source = await findRoute(tx, scope, copy.source.id);
    if (!source) throw new AppError('route_not_found');
    const slug = copySlug(source.slug, new Set(await listRouteSlugs(tx, scope)));
    const route = await insertRoute(
      tx,
      scope,
      copyValues(source, {
        id: copy.id,
        slug,
        title: copyTitle(source.title),
        imageUrl: copy.imageUrl,
      }),
    );
    const stepCount = await copySteps(tx, scope, { fromRouteId: source.id, toRouteId: route.id });
    await copyPricing(tx, scope, { fromRouteId: source.id, toRouteId: route.id });
    return presentRoute(route, stepCount);
  });
}

/** `writeCopy`, again on the next free slug while another request takes the one it chose. */
async function writeCopyOnFreeSlug(
  db: Db,
  scope: TenantScope,
  copy: { source: RouteRow; id: string; imageUrl: string | null },
) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await writeCopy(db, scope, copy);
    } catch (error) {
      if (!isUniqueViolation(error, 'routes_tenant_slug_key')) throw error;
      if (attempt === SLUG_RACE_TRIES) {
        throw new AppError('route_slug_taken', { slug: copySlug(copy.source.slug, new Set()) });
      }
    }
  }
}

/**
 * 'Duplica': a new route of the tenant copied from its route `sourceId`, as a template: the
 * route's settings and image, its steps (media included: they name files of the media library,
 * which outlive any route) and its price lists. Not its games, access codes, registrations,
 * live state or messages. A foreign or missing source is `route_not_found`.
 */
export async function duplicateRoute(
  deps: DuplicateRouteDeps,
  scope: TenantScope,
  sourceId: string,
): Promise<RouteSummary> {
  const source = await requireRoute(deps.db, scope, sourceId);
  const id = randomUUID();
  const imageUrl = await copyRouteImage(deps, scope, { imageUrl: source.image_url, routeId: id });
  try {
    return await writeCopyOnFreeSlug(deps.db, scope, { source, id, imageUrl });
  } catch (error) {
    // Nothing was written: the copy's image file goes too (a foreign URL is no file of ours).
    if (imageUrl !== source.image_url) await removeRouteImage(deps.storage, imageUrl);
    throw error;
  }
}
