import { scoreboards, urlOf } from '@tappa/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';
import { fetchFile } from '../lib/download';

/**
 * The route's scoreboard as CSV bytes; an empty scoreboard answers 404 'No scoreboard data to
 * export for this route'.
 */
export function fetchRouteScoreboardCsv(tenantSlug: string, routeId: string): Promise<Blob> {
  return fetchFile(urlOf(scoreboards.routeCsv, { slug: tenantSlug, routeId }));
}

/** Deletes the live scoreboard rows of a route. */
export function useResetRouteScoreboard(tenantSlug: string) {
  return useMutation({
    mutationFn: (routeId: string) =>
      apiCall(scoreboards.resetRoute, { params: { slug: tenantSlug, routeId } }),
  });
}

/** The superadmin resets today's scoreboard of the tenant. */
export function useDailyReset(tenantSlug: string) {
  return useMutation({
    mutationFn: () => apiCall(scoreboards.dailyReset, { params: { slug: tenantSlug } }),
  });
}
