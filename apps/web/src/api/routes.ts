import type {
  RouteForm,
  RouteImportResponse,
  RouteListResponse,
  RouteSummary,
} from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, apiRequest } from '../lib/api-client';

/** Key of a tenant's route list; what hangs off each route (steps, pricing, export) is under it. */
function allRoutes(tenantSlug: string) {
  return ['tenants', tenantSlug, 'routes'] as const;
}

/** React Query keys of a tenant's routes. */
export const routeKeys = {
  /** The route list and everything under it (steps and price lists included). */
  all: allRoutes,
  /** One route's JSON export. */
  export: (tenantSlug: string, routeId: string) =>
    [...allRoutes(tenantSlug), routeId, 'export'] as const,
};

/** URL under `/api/tenants/{slug}/routes`, e.g. `routesPath('demo', id, 'pricing')`. */
export function routesPath(tenantSlug: string, ...rest: string[]): string {
  return apiPath('tenants', tenantSlug, 'routes', ...rest);
}

/** `GET /api/tenants/{slug}/routes`: the tenant's routes, newest first. */
export async function fetchRouteList(tenantSlug: string, signal?: AbortSignal) {
  const list = await apiRequest<RouteListResponse>(routesPath(tenantSlug), { signal });
  return list.routes;
}

/** The route list query, shared by every page that lists or names the tenant's routes. */
export function routeListQueryOptions(tenantSlug: string) {
  return queryOptions({
    queryKey: routeKeys.all(tenantSlug),
    queryFn: ({ signal }) => fetchRouteList(tenantSlug, signal),
    enabled: tenantSlug !== '',
  });
}

/** The tenant's routes, newest first (`GET /api/tenants/{slug}/routes`). */
export function useRouteList(tenantSlug: string) {
  return useQuery(routeListQueryOptions(tenantSlug));
}

/** One route's summary from the tenant's list; null when it is not there. */
export function useRouteSummary(tenantSlug: string, routeId: string) {
  return useQuery({
    ...routeListQueryOptions(tenantSlug),
    select: (routes: RouteSummary[]) => routes.find((route) => route.id === routeId) ?? null,
  });
}

/** `GET …/routes/{id}/export`: the route's JSON document (not checked here: shown as it is). */
export function fetchRouteExport(
  tenantSlug: string,
  routeId: string,
  signal?: AbortSignal,
): Promise<unknown> {
  return apiRequest<unknown>(routesPath(tenantSlug, routeId, 'export'), { signal });
}

/** A route's JSON document as the export gives it, read fresh each time an editor opens. */
export function useRouteExport(tenantSlug: string, routeId: string) {
  return useQuery({
    queryKey: routeKeys.export(tenantSlug, routeId),
    queryFn: ({ signal }) => fetchRouteExport(tenantSlug, routeId, signal),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Refreshes the tenant's route list (and what lives under it) after a write. */
function useRefreshRoutes(tenantSlug: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: routeKeys.all(tenantSlug) });
}

/** Creates (`POST …/routes`) or, with an id, updates (`PUT …/routes/{id}`) a route. */
export function useSaveRoute(tenantSlug: string) {
  const refresh = useRefreshRoutes(tenantSlug);
  return useMutation({
    mutationFn: ({ id, form }: { id?: string; form: RouteForm }) =>
      id === undefined
        ? apiRequest<RouteSummary>(routesPath(tenantSlug), { method: 'POST', body: form })
        : apiRequest<RouteSummary>(routesPath(tenantSlug, id), { method: 'PUT', body: form }),
    onSuccess: refresh,
  });
}

/** The enable/disable toggle (`PATCH …/routes/{id}/active`). */
export function useSetRouteActive(tenantSlug: string) {
  const refresh = useRefreshRoutes(tenantSlug);
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      apiRequest<RouteSummary>(routesPath(tenantSlug, id, 'active'), {
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
      apiRequest<undefined>(routesPath(tenantSlug, id), { method: 'DELETE' }),
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
        ? apiRequest<RouteImportResponse>(routesPath(tenantSlug, 'import'), {
            method: 'POST',
            body: { json },
          })
        : apiRequest<RouteImportResponse>(routesPath(tenantSlug, id, 'json'), {
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
      return apiRequest<RouteSummary>(routesPath(tenantSlug, id, 'image'), {
        method: 'POST',
        body: form,
      });
    },
    onSuccess: refresh,
  });
}
