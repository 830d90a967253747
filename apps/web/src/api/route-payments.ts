import { type RoutePayment, routePayments, urlOf } from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';
import { fetchFile } from '../lib/download';
import { routeKeys } from './routes';

/** React Query keys of the routes' payments lists. */
export const routePaymentsKeys = {
  /** One route's payments, under the tenant's route list. */
  list: (tenantSlug: string, routeId: string) =>
    [...routeKeys.all(tenantSlug), routeId, 'payments'] as const,
};

/** The route's payments, newest first. */
export async function fetchRoutePayments(
  tenantSlug: string,
  routeId: string,
  signal?: AbortSignal,
): Promise<RoutePayment[]> {
  const params = { slug: tenantSlug, routeId };
  const list = await apiCall(routePayments.list, { params, signal });
  return list.payments;
}

/** The payments query of one route. */
export function routePaymentsQueryOptions(tenantSlug: string, routeId: string) {
  return queryOptions({
    queryKey: routePaymentsKeys.list(tenantSlug, routeId),
    queryFn: ({ signal }) => fetchRoutePayments(tenantSlug, routeId, signal),
  });
}

/** A route's payments, newest first. */
export function useRoutePayments(tenantSlug: string, routeId: string) {
  return useQuery(routePaymentsQueryOptions(tenantSlug, routeId));
}

/** The same payments as the CSV the server writes. */
export function fetchRoutePaymentsCsv(tenantSlug: string, routeId: string): Promise<Blob> {
  return fetchFile(urlOf(routePayments.csv, { slug: tenantSlug, routeId }));
}

/** Refunds a completed payment in full, then reloads the route's payments. */
export function useRefundPayment(tenantSlug: string, routeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) =>
      apiCall(routePayments.refund, { params: { slug: tenantSlug, routeId, paymentId } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: routePaymentsKeys.list(tenantSlug, routeId) }),
  });
}
