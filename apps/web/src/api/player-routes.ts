import { playerRoutes, type RouteDetails, type StartRouteResponse } from '@tappa/contracts';
import { apiCall } from '../lib/api-client';
import { queryOptions, useQuery } from '../lib/query';

/** Query keys of the routes a team can play (the phone's query cache, `lib/query`). */
export const playerRouteKeys = {
  /** The tenant's active routes with the team's games in progress. */
  list: (slug: string) => ['play', slug, 'routes'] as const,
  /** One route's details page. */
  detail: (slug: string, routeSlug: string) => ['play', slug, 'route', routeSlug] as const,
};

/** The active routes, newest first. */
export async function fetchPlayableRoutes(slug: string, signal?: AbortSignal) {
  const list = await apiCall(playerRoutes.list, { params: { slug }, signal });
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

/** A route's details page; 404 when missing or disabled. */
export function fetchRouteDetails(
  slug: string,
  routeSlug: string,
  signal?: AbortSignal,
): Promise<RouteDetails> {
  return apiCall(playerRoutes.details, { params: { slug, routeSlug }, signal });
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

/** Starts a route: the game to play, the access code to ask for, or the price. */
export function startRoute(slug: string, routeSlug: string): Promise<StartRouteResponse> {
  return apiCall(playerRoutes.start, { params: { slug, routeSlug } });
}

/** An access code of a code route; answers the game to play. */
export function redeemCode(
  slug: string,
  routeSlug: string,
  code: string,
): Promise<StartRouteResponse> {
  return apiCall(playerRoutes.redeem, { params: { slug, routeSlug }, body: { code } });
}
