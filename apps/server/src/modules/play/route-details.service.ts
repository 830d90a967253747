import type { RouteDetails } from '@tappa/contracts';
import { isRouteAvailable, routeDistanceKm } from '@tappa/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { steps } from '../../db/schema';
import type { TenantScope } from '../../db/scope';
import { currentPriceCents, requireActiveRoute } from './player-routes.service';

/** The route details page: places with their media hints and the total distance, no tasks. */
export async function loadRouteDetails(
  db: Database,
  scope: TenantScope,
  opts: { routeSlug: string; now: Date; timeZone: string },
): Promise<RouteDetails> {
  const route = await requireActiveRoute(db, scope, opts.routeSlug);
  const rows = await db
    .select({
      ord: steps.ord,
      place: steps.place,
      lat: steps.lat,
      lng: steps.lng,
      media: steps.media,
    })
    .from(steps)
    .where(eq(steps.route_id, route.id))
    .orderBy(asc(steps.ord));
  return {
    id: route.id,
    slug: route.slug,
    title: route.title,
    description: route.description,
    key_elements: route.key_elements,
    image_url: route.image_url,
    access_type: route.access_type,
    route_type: route.route_type,
    is_available: isRouteAvailable(
      { dateStart: route.date_start, dateEnd: route.date_end },
      opts.now,
    ),
    price_cents: route.access_type === 'paid' ? await currentPriceCents(db, route, opts) : null,
    places: rows.map((r) => ({
      ord: r.ord,
      place: r.place,
      lat: r.lat,
      lng: r.lng,
      media_types: [...new Set(r.media.map((m) => m.type))],
    })),
    total_distance_km: routeDistanceKm(rows),
  };
}
