import type { PlayableRouteList, RouteDetails, StartRouteResponse } from '@tappa/contracts';
import { apiPath, apiRequest } from '../lib/api-client';
import { queryOptions, useQuery } from '../lib/query';

/** Query keys of the routes a team can play (the phone's query cache, `lib/query`). */
export const playerRouteKeys = {
  /** The tenant's active routes with the team's games in progress. */
  list: (slug: string) => ['play', slug, 'routes'] as const,
  /** One route's details page. */
  detail: (slug: string, routeSlug: string) => ['play', slug, 'route', routeSlug] as const,
};

/** URL of the tenant's playable routes, or of one route (and its actions) when given. */
function playerRoutesPath(slug: string, ...rest: string[]): string {
  return apiPath('play', slug, 'routes', ...rest);
}

/** `GET /api/play/{slug}/routes`: the active routes, newest first. */
export async function fetchPlayableRoutes(slug: string, signal?: AbortSignal) {
  const list = await apiRequest<PlayableRouteList>(playerRoutesPath(slug), { signal });
  return list.routes;
}

/** The playable routes query; asked again on every mount (the 'In corso' badges change). */
export function playableRoutesQueryOptions(slug: string) {
  return queryOptions({
    queryKey: playerRouteKeys.list(slug),
    queryFn: ({ signal }) => fetchPlayableRoutes(slug, signal),
    // A finished or resumed game changes the 'In corso' badges: always ask again on the way in.
    refetchOnMount: 'always',
  });
}

/** The tenant's active routes, newest first, with the team's games in progress. */
export function usePlayableRoutes(slug: string) {
  return useQuery(playableRoutesQueryOptions(slug));
}

/** `GET /api/play/{slug}/routes/{routeSlug}`: the details page; 404 when missing or disabled. */
export function fetchRouteDetails(
  slug: string,
  routeSlug: string,
  signal?: AbortSignal,
): Promise<RouteDetails> {
  return apiRequest<RouteDetails>(playerRoutesPath(slug, routeSlug), { signal });
}

/** The route details query. */
export function routeDetailsQueryOptions(slug: string, routeSlug: string) {
  return queryOptions({
    queryKey: playerRouteKeys.detail(slug, routeSlug),
    queryFn: ({ signal }) => fetchRouteDetails(slug, routeSlug, signal),
  });
}

/** A route's details page data; fails with status 404 when it is missing or disabled. */
export function useRouteDetails(slug: string, routeSlug: string) {
  return useQuery(routeDetailsQueryOptions(slug, routeSlug));
}

/** `POST …/routes/{routeSlug}/start`: the game to play, the access code to ask for, or the price. */
export function startRoute(slug: string, routeSlug: string): Promise<StartRouteResponse> {
  return apiRequest<StartRouteResponse>(playerRoutesPath(slug, routeSlug, 'start'), {
    method: 'POST',
  });
}

/** `POST …/routes/{routeSlug}/redeem`: an access code of a code route; answers the game to play. */
export function redeemCode(
  slug: string,
  routeSlug: string,
  code: string,
): Promise<StartRouteResponse> {
  return apiRequest<StartRouteResponse>(playerRoutesPath(slug, routeSlug, 'redeem'), {
    method: 'POST',
    body: { code },
  });
}
