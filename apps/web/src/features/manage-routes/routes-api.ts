import type { RouteForm, RouteSummary } from '@tappa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** React Query key of a tenant's route list; each route's export and pricing live under it. */
export function routesQueryKey(tenantSlug: string) {
  return ['tenants', tenantSlug, 'routes'] as const;
}

/** URL under `/api/tenants/{slug}/routes`, e.g. `routesUrl('demo', id, 'pricing')`. */
export function routesUrl(tenantSlug: string, ...parts: string[]): string {
  const tail = parts.map((part) => `/${encodeURIComponent(part)}`).join('');
  return `/api/tenants/${encodeURIComponent(tenantSlug)}/routes${tail}`;
}

/** What `POST …/routes/import` and `PUT …/routes/{id}/json` answer. */
export interface RouteImportResult {
  route: RouteSummary;
  created: boolean;
}

/** The tenant's routes, newest first (`GET /api/tenants/{slug}/routes`). */
export function useRouteList(tenantSlug: string) {
  return useQuery({
    queryKey: routesQueryKey(tenantSlug),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ routes: RouteSummary[] }>(routesUrl(tenantSlug), { signal })).routes,
    enabled: tenantSlug !== '',
  });
}

/** A route's JSON document as the export gives it (`GET …/routes/{id}/export`), always fresh. */
export function useRouteExport(tenantSlug: string, routeId: string) {
  return useQuery({
    queryKey: [...routesQueryKey(tenantSlug), routeId, 'export'],
    queryFn: ({ signal }) =>
      apiRequest<unknown>(routesUrl(tenantSlug, routeId, 'export'), { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Refreshes the tenant's route list (and what lives under it) after a write. */
function useRefreshRoutes(tenantSlug: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: routesQueryKey(tenantSlug) });
}

/** Creates (`POST …/routes`) or, with an id, updates (`PUT …/routes/{id}`) a route. */
export function useSaveRoute(tenantSlug: string) {
  const refresh = useRefreshRoutes(tenantSlug);
  return useMutation({
    mutationFn: ({ id, form }: { id?: string; form: RouteForm }) =>
      id === undefined
        ? apiRequest<RouteSummary>(routesUrl(tenantSlug), { method: 'POST', body: form })
        : apiRequest<RouteSummary>(routesUrl(tenantSlug, id), { method: 'PUT', body: form }),
    onSuccess: refresh,
  });
}

/** The enable/disable toggle (`PATCH …/routes/{id}/active`). */
export function useSetRouteActive(tenantSlug: string) {
  const refresh = useRefreshRoutes(tenantSlug);
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      apiRequest<RouteSummary>(routesUrl(tenantSlug, id, 'active'), {
        method: 'PATCH',
        body: { is_active: isActive },
      }),
    onSettled: refresh,
  });
}

/** Deletes a route with its steps (`DELETE …/routes/{id}`). */
export function useDeleteRoute(tenantSlug: string) {
  const refresh = useRefreshRoutes(tenantSlug);
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<undefined>(routesUrl(tenantSlug, id), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/**
 * Without an id, imports a route JSON (`POST …/routes/import`: insert, or update the route with
 * the same slug); with one, replaces that route (`PUT …/routes/{id}/json`, the slug may change).
 */
export function useImportRouteJson(tenantSlug: string) {
  const refresh = useRefreshRoutes(tenantSlug);
  return useMutation({
    mutationFn: ({ id, json }: { id?: string; json: string }) =>
      id === undefined
        ? apiRequest<RouteImportResult>(routesUrl(tenantSlug, 'import'), {
            method: 'POST',
            body: { json },
          })
        : apiRequest<RouteImportResult>(routesUrl(tenantSlug, id, 'json'), {
            method: 'PUT',
            body: { json },
          }),
    onSuccess: refresh,
  });
}

/** Uploads a route's image as multipart with one `image` part (`POST …/routes/{id}/image`). */
export function useUploadRouteImage(tenantSlug: string) {
  const refresh = useRefreshRoutes(tenantSlug);
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('image', file);
      return apiRequest<RouteSummary>(routesUrl(tenantSlug, id, 'image'), {
        method: 'POST',
        body: form,
      });
    },
    onSuccess: refresh,
  });
}

/** Deletes the live scoreboard rows of a route (`DELETE …/routes/{id}/scoreboard`). */
export function useResetScoreboard(tenantSlug: string) {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ entries_affected: number }>(routesUrl(tenantSlug, id, 'scoreboard'), {
        method: 'DELETE',
      }),
  });
}
