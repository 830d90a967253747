import type { PricingCreate, PricingRow } from '@tappa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { routesQueryKey, routesUrl } from './routes-api';

/** React Query key of one route's price list. */
function pricingQueryKey(tenantSlug: string, routeId: string) {
  return [...routesQueryKey(tenantSlug), routeId, 'pricing'] as const;
}

/** A route's price list rows, newest period first (`GET …/routes/{id}/pricing`). */
export function usePricingList(tenantSlug: string, routeId: string) {
  return useQuery({
    queryKey: pricingQueryKey(tenantSlug, routeId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ pricing: PricingRow[] }>(routesUrl(tenantSlug, routeId, 'pricing'), {
          signal,
        })
      ).pricing,
  });
}

/** Adds (`POST …/pricing`) and deletes (`DELETE …/pricing/{id}`) rows, refreshing the list. */
export function usePricingMutations(tenantSlug: string, routeId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: pricingQueryKey(tenantSlug, routeId) });
  return {
    add: useMutation({
      mutationFn: (row: PricingCreate) =>
        apiRequest<PricingRow>(routesUrl(tenantSlug, routeId, 'pricing'), {
          method: 'POST',
          body: row,
        }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (pricingId: string) =>
        apiRequest<undefined>(routesUrl(tenantSlug, routeId, 'pricing', pricingId), {
          method: 'DELETE',
        }),
      onSuccess: refresh,
    }),
  };
}
