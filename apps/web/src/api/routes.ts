import { type RouteForm, routes, type RouteSummary, urlOf } from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, apiFetch } from '../lib/api-client';

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

/** The tenant's routes, newest first. */
export async function fetchRouteList(tenantSlug: string, signal?: AbortSignal) {
  const list = await apiCall(routes.list, { params: { slug: tenantSlug }, signal });
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

/** The tenant's routes, newest first. */
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

/** The route's JSON document as the export gives it (not checked here: shown as it is). */
export function fetchRouteExport(
  tenantSlug: string,
  routeId: string,
  signal?: AbortSignal,
): Promise<unknown> {
  return apiFetch(urlOf(routes.exportJson, { slug: tenantSlug, routeId }), { signal });
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

/** Creates or, with an id, updates a route. */
export function useSaveRoute(tenantSlug: string) {
  const refresh = useRefreshRoutes(tenantSlug);
  return useMutation({
    mutationFn: ({ id, form }: { id?: string; form: RouteForm }) =>
      id === undefined
        ? apiCall(routes.create, { params: { slug: tenantSlug }, body: form })
        : apiCall(routes.edit, { params: { slug: tenantSlug, routeId: id }, body: form }),
    onSuccess: refresh,
  });
}

/** The enable/disable toggle. */
export function useSetRouteActive(tenantSlug: string) {
  const refresh = useRefreshRoutes(tenantSlug);
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      apiCall(routes.setActive, {
        params: { slug: tenantSlug, routeId: id },
        body: { is_active: isActive },
      }),
    onSettled: refresh,
  });
}

/** Deletes a route with its steps. */
export function useDeleteRoute(tenantSlug: string) {
  const refresh = useRefreshRoutes(tenantSlug);
  return useMutation({
    mutationFn: (id: string) =>
      apiCall(routes.remove, { params: { slug: tenantSlug, routeId: id } }),
    onSuccess: refresh,
  });
}

/**
 * Without an id, imports a route JSON (insert, or update the route with the same slug); with one,
 * replaces that route (the slug may change).
 */
export function useImportRouteJson(tenantSlug: string) {
  const refresh = useRefreshRoutes(tenantSlug);
  return useMutation({
    mutationFn: ({ id, json }: { id?: string; json: string }) =>
      id === undefined
        ? apiCall(routes.importJson, { params: { slug: tenantSlug }, body: { json } })
        : apiCall(routes.replaceJson, {
            params: { slug: tenantSlug, routeId: id },
            body: { json },
          }),
    onSuccess: refresh,
  });
}

/** Uploads a route's image as multipart with one `image` part. */
export function useUploadRouteImage(tenantSlug: string) {
  const refresh = useRefreshRoutes(tenantSlug);
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('image', file);
      return apiCall(routes.image, { params: { slug: tenantSlug, routeId: id }, body: form });
    },
    onSuccess: refresh,
  });
}

/**
 * 'Duplica': a disabled copy of a route with its steps, image and prices under a free
 * `{slug}-copia` slug (decision 0087); answers the copy.
 */
export function useDuplicateRoute(tenantSlug: string) {
  const refresh = useRefreshRoutes(tenantSlug);
  return useMutation({
    mutationFn: (id: string) =>
      apiCall(routes.duplicate, { params: { slug: tenantSlug, routeId: id } }),
    onSuccess: refresh,
  });
}

/** Imports the sample route (the demo's) into the tenant as a new route (decision 0064). */
export function useImportSampleRoute(tenantSlug: string) {
  const refresh = useRefreshRoutes(tenantSlug);
  return useMutation({
    mutationFn: () => apiCall(routes.importSample, { params: { slug: tenantSlug } }),
    onSuccess: refresh,
  });
}
