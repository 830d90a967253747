import { pricing, type PricingCreate, type PricingRow } from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';
import { routeKeys } from './routes';

/** React Query keys of the routes' price lists. */
export const pricingKeys = {
  /** One route's price list, under the tenant's route list. */
  list: (tenantSlug: string, routeId: string) =>
    [...routeKeys.all(tenantSlug), routeId, 'pricing'] as const,
};

/** A route's price list rows, newest period first. */
export async function fetchPricingList(
  tenantSlug: string,
  routeId: string,
  signal?: AbortSignal,
): Promise<PricingRow[]> {
  const list = await apiCall(pricing.list, { params: { slug: tenantSlug, routeId }, signal });
  return list.pricing;
}

/** The price list query of one route. */
export function pricingListQueryOptions(tenantSlug: string, routeId: string) {
  return queryOptions({
    queryKey: pricingKeys.list(tenantSlug, routeId),
    queryFn: ({ signal }) => fetchPricingList(tenantSlug, routeId, signal),
  });
}

/** A route's price list rows, newest period first. */
export function usePricingList(tenantSlug: string, routeId: string) {
  return useQuery(pricingListQueryOptions(tenantSlug, routeId));
}

/** Adds and deletes rows of a route's price list, refreshing the list. */
export function usePricingMutations(tenantSlug: string, routeId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: pricingKeys.list(tenantSlug, routeId) });
  return {
    add: useMutation({
      mutationFn: (row: PricingCreate) =>
        apiCall(pricing.add, { params: { slug: tenantSlug, routeId }, body: row }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (pricingId: string) =>
        apiCall(pricing.remove, { params: { slug: tenantSlug, routeId, pricingId } }),
      onSuccess: refresh,
    }),
  };
}
