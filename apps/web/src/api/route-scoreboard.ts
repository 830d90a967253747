import type { ScoreboardResetResponse } from '@tappa/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiPath, apiRequest } from '../lib/api-client';
import { fetchFile } from '../lib/download';
import { routesPath } from './routes';

/**
 * `GET …/routes/{id}/scoreboard.csv`: the route's scoreboard as CSV bytes; an empty scoreboard
 * answers 404 'No scoreboard data to export for this route'.
 */
export function fetchRouteScoreboardCsv(tenantSlug: string, routeId: string): Promise<Blob> {
  return fetchFile(routesPath(tenantSlug, routeId, 'scoreboard.csv'));
}

/** `DELETE …/routes/{id}/scoreboard`: deletes the live scoreboard rows of a route. */
export function useResetRouteScoreboard(tenantSlug: string) {
  return useMutation({
    mutationFn: (routeId: string) =>
      apiRequest<ScoreboardResetResponse>(routesPath(tenantSlug, routeId, 'scoreboard'), {
        method: 'DELETE',
      }),
  });
}

/** `POST /api/tenants/{slug}/scoreboard/daily-reset`: the superadmin resets today's scoreboard. */
export function useDailyReset(tenantSlug: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<ScoreboardResetResponse>(
        apiPath('tenants', tenantSlug, 'scoreboard', 'daily-reset'),
        { method: 'POST' },
      ),
  });
}
