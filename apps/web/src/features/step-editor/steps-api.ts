import type { AdminStep, RouteSummary } from '@tappa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import type { StepPayload } from './step-payload';

/** URL of a tenant's route collection, or of a path under it. */
function routesUrl(tenantSlug: string, rest = ''): string {
  return `/api/tenants/${encodeURIComponent(tenantSlug)}/routes${rest}`;
}

/** React Query key of a tenant's route list (shared with every page listing routes). */
const routesKey = (tenantSlug: string) => ['tenants', tenantSlug, 'routes'] as const;

/** React Query key of a route's steps as the staff edit them. */
const stepsKey = (tenantSlug: string, routeId: string) =>
  [...routesKey(tenantSlug), routeId, 'steps'] as const;

/** The route's summary (title and slug) from the tenant's list (`GET …/routes`). */
export function useRouteSummary(tenantSlug: string, routeId: string) {
  return useQuery({
    queryKey: routesKey(tenantSlug),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ routes: RouteSummary[] }>(routesUrl(tenantSlug), { signal })).routes,
    select: (routes) => routes.find((route) => route.id === routeId) ?? null,
    enabled: tenantSlug !== '',
  });
}

/** The route's steps in order, answers included (`GET …/routes/{id}/steps`). */
export function useRouteSteps(tenantSlug: string, routeId: string) {
  return useQuery({
    queryKey: stepsKey(tenantSlug, routeId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ steps: AdminStep[] }>(
          routesUrl(tenantSlug, `/${encodeURIComponent(routeId)}/steps`),
          { signal },
        )
      ).steps,
    enabled: tenantSlug !== '' && routeId !== '',
    // The editor works on its own copy: a background refetch must not look like new data.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** Replaces the route's whole ordered step list (`PUT …/routes/{id}/steps`). */
export function useSaveSteps(tenantSlug: string, routeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (steps: StepPayload[]) =>
      (
        await apiRequest<{ steps: AdminStep[] }>(
          routesUrl(tenantSlug, `/${encodeURIComponent(routeId)}/steps`),
          { method: 'PUT', body: { steps } },
        )
      ).steps,
    onSuccess: async (steps) => {
      queryClient.setQueryData(stepsKey(tenantSlug, routeId), steps);
      // Step counts in route lists changed.
      await queryClient.invalidateQueries({ queryKey: routesKey(tenantSlug), exact: true });
    },
  });
}
