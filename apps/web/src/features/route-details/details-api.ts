import type { RouteDetails, StartRouteResponse } from '@tappa/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** The path of a route's player API call (`rest` empty or starting with a slash). */
function routePath(slug: string, routeSlug: string, rest = ''): string {
  return `/api/play/${encodeURIComponent(slug)}/routes/${encodeURIComponent(routeSlug)}${rest}`;
}

/** A route's details page data; fails with status 404 when it is missing or disabled. */
export function useRouteDetails(slug: string, routeSlug: string) {
  return useQuery({
    queryKey: ['play', slug, 'route', routeSlug],
    queryFn: ({ signal }) => apiRequest<RouteDetails>(routePath(slug, routeSlug), { signal }),
  });
}

/** `POST …/start`: the game to play, the access code to ask for, or the price to pay. */
export function startRoute(slug: string, routeSlug: string): Promise<StartRouteResponse> {
  return apiRequest<StartRouteResponse>(routePath(slug, routeSlug, '/start'), { method: 'POST' });
}

/** `POST …/redeem`: an access code of a code route; answers the game to play. */
export function redeemCode(
  slug: string,
  routeSlug: string,
  code: string,
): Promise<StartRouteResponse> {
  return apiRequest<StartRouteResponse>(routePath(slug, routeSlug, '/redeem'), {
    method: 'POST',
    body: { code },
  });
}
