import type { PricingCreate, PricingListResponse, PricingRow } from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { routeKeys, routesPath } from './routes';

/** React Query keys of the routes' price lists. */
export const pricingKeys = {
  /** One route's price list, under the tenant's route list. */
  list: (tenantSlug: string, routeId: string) =>
    [...routeKeys.all(tenantSlug), routeId, 'pricing'] as const,
};

/** URL of a route's price list, or of one of its rows. */
function pricingPath(tenantSlug: string, routeId: string, ...rest: string[]): string {
  return routesPath(tenantSlug, routeId, 'pricing', ...rest);
}

/** `GET …/routes/{id}/pricing`: a route's price list rows, newest period first. */
export async function fetchPricingList(
  tenantSlug: string,
  routeId: string,
  signal?: AbortSignal,
): Promise<PricingRow[]> {
  const list = await apiRequest<PricingListResponse>(pricingPath(tenantSlug, routeId), { signal });
  return list.pricing;
}

/** The price list query of one route. */
export function pricingListQueryOptions(tenantSlug: string, routeId: string) {
  return queryOptions({
    queryKey: pricingKeys.list(tenantSlug, routeId),
    queryFn: ({ signal }) => fetchPricingList(tenantSlug, routeId, signal),
  });
}

/** A route's price list rows, newest period first (`GET …/routes/{id}/pricing`). */
export function usePricingList(tenantSlug: string, routeId: string) {
  return useQuery(pricingListQueryOptions(tenantSlug, routeId));
}

/** Adds (`POST …/pricing`) and deletes (`DELETE …/pricing/{id}`) rows, refreshing the list. */
export function usePricingMutations(tenantSlug: string, routeId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: pricingKeys.list(tenantSlug, routeId) });
  return {
    add: useMutation({
      mutationFn: (row: PricingCreate) =>
        apiRequest<PricingRow>(pricingPath(tenantSlug, routeId), { method: 'POST', body: row }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (pricingId: string) =>
        apiRequest<undefined>(pricingPath(tenantSlug, routeId, pricingId), { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
