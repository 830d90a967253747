import type { AdminStep, RouteSummary } from '@tappa/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** URL under a tenant's route collection. */
function routesUrl(tenantSlug: string, rest = ''): string {
  return `/api/tenants/${encodeURIComponent(tenantSlug)}/routes${rest}`;
}

/** React Query key of a tenant's route list (shared with the other route pages). */
const routesKey = (tenantSlug: string) => ['tenants', tenantSlug, 'routes'] as const;

/** The route's title from the tenant's list (`GET …/routes`); null when it is not there. */
export function useRouteTitle(tenantSlug: string, routeId: string) {
  return useQuery({
    queryKey: routesKey(tenantSlug),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ routes: RouteSummary[] }>(routesUrl(tenantSlug), { signal })).routes,
    select: (routes) => routes.find((route) => route.id === routeId)?.title ?? null,
    enabled: tenantSlug !== '',
  });
}

/** The route's steps in order (`GET …/routes/{id}/steps`), always read fresh for printing. */
export function useQrSteps(tenantSlug: string, routeId: string) {
  return useQuery({
    queryKey: [...routesKey(tenantSlug), routeId, 'steps'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ steps: AdminStep[] }>(
          routesUrl(tenantSlug, `/${encodeURIComponent(routeId)}/steps`),
          { signal },
        )
      ).steps,
    enabled: tenantSlug !== '' && routeId !== '',
    staleTime: 0,
  });
}
