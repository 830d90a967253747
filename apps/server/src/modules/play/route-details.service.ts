import type { RouteDetails } from '@tappa/contracts';
import { routeDistanceKm } from '@tappa/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { steps } from '../../db/schema';
import type { TenantScope } from '../../db/scope';
import { presentRouteForPlayers, requireActiveRoute } from './player-routes.service';

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
    ...(await presentRouteForPlayers(db, route, opts)),
    key_elements: route.key_elements,
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
