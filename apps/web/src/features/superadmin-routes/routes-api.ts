import type { RouteSummary } from '@tappa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** What `POST …/routes/import` and `PUT …/routes/{id}/json` answer. */
export interface RouteImportResult {
  route: RouteSummary;
  created: boolean;
}

/** URL under `/api/tenants/{slug}`. */
function tenantUrl(tenantSlug: string, rest: string): string {
  return `/api/tenants/${encodeURIComponent(tenantSlug)}${rest}`;
}

/** React Query key of a tenant's route list (shared with the tenant's own route pages). */
const routesKey = (tenantSlug: string) => ['tenants', tenantSlug, 'routes'] as const;

/** A tenant's routes, newest first (`GET /api/tenants/{slug}/routes`). */
export function useTenantRoutes(tenantSlug: string) {
  return useQuery({
    queryKey: routesKey(tenantSlug),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ routes: RouteSummary[] }>(tenantUrl(tenantSlug, '/routes'), { signal }))
        .routes,
    // The superadmin opens the list to act on it: always read it fresh.
    staleTime: 0,
  });
}

/** A route's JSON document as the export gives it (`GET …/routes/{id}/export`). */
export function fetchRouteExport(tenantSlug: string, routeId: string): Promise<unknown> {
  return apiRequest<unknown>(
    tenantUrl(tenantSlug, `/routes/${encodeURIComponent(routeId)}/export`),
  );
}

/** The file name of a route export: its slug (the document's `id`), else the given fallback. */
export function exportFileName(document: unknown, fallbackSlug: string): string {
  const id =
    typeof document === 'object' && document !== null && 'id' in document ? document.id : null;
  const slug = typeof id === 'string' && id.trim() !== '' ? id.trim() : fallbackSlug;
  return `${slug}.json`;
}

/** A route's JSON document, read fresh each time the editor opens. */
export function useRouteExport(tenantSlug: string, routeId: string) {
  return useQuery({
    queryKey: [...routesKey(tenantSlug), routeId, 'export'],
    queryFn: () => fetchRouteExport(tenantSlug, routeId),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Imports a route JSON text into the tenant (`POST …/routes/import`): new, or same slug updated. */
export function useImportRoute(tenantSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: string) =>
      apiRequest<RouteImportResult>(tenantUrl(tenantSlug, '/routes/import'), {
        method: 'POST',
        body: { json },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routesKey(tenantSlug) }),
  });
}

/** Replaces a route from a JSON text (`PUT …/routes/{id}/json`). */
export function useReplaceRouteJson(tenantSlug: string, routeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: string) =>
      apiRequest<RouteImportResult>(
        tenantUrl(tenantSlug, `/routes/${encodeURIComponent(routeId)}/json`),
        { method: 'PUT', body: { json } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routesKey(tenantSlug) }),
  });
}

/** Resets the tenant's scoreboard of today (`POST …/scoreboard/daily-reset`). */
export function useDailyReset(tenantSlug: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ entries_affected: number }>(tenantUrl(tenantSlug, '/scoreboard/daily-reset'), {
        method: 'POST',
      }),
  });
}
