import type { RoutePayment, RoutePaymentList } from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { fetchFile } from '../lib/download';
import { routeKeys, routesPath } from './routes';

/** React Query keys of the routes' payments lists. */
export const routePaymentsKeys = {
  /** One route's payments, under the tenant's route list. */
  list: (tenantSlug: string, routeId: string) =>
    [...routeKeys.all(tenantSlug), routeId, 'payments'] as const,
};

/** `GET …/routes/{id}/payments`: the route's payments, newest first. */
export async function fetchRoutePayments(
  tenantSlug: string,
  routeId: string,
  signal?: AbortSignal,
): Promise<RoutePayment[]> {
  const list = await apiRequest<RoutePaymentList>(routesPath(tenantSlug, routeId, 'payments'), {
    signal,
  });
  return list.payments;
}

/** The payments query of one route. */
export function routePaymentsQueryOptions(tenantSlug: string, routeId: string) {
  return queryOptions({
    queryKey: routePaymentsKeys.list(tenantSlug, routeId),
    queryFn: ({ signal }) => fetchRoutePayments(tenantSlug, routeId, signal),
  });
}

/** A route's payments, newest first (`GET …/routes/{id}/payments`). */
export function useRoutePayments(tenantSlug: string, routeId: string) {
  return useQuery(routePaymentsQueryOptions(tenantSlug, routeId));
}

/** `GET …/routes/{id}/payments.csv`: the same payments as the CSV the server writes. */
export function fetchRoutePaymentsCsv(tenantSlug: string, routeId: string): Promise<Blob> {
  return fetchFile(routesPath(tenantSlug, routeId, 'payments.csv'));
}

/** `POST …/payments/{paymentId}/refund`: refunds a completed payment in full, then reloads. */
export function useRefundPayment(tenantSlug: string, routeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) =>
      apiRequest<RoutePayment>(routesPath(tenantSlug, routeId, 'payments', paymentId, 'refund'), {
        method: 'POST',
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: routePaymentsKeys.list(tenantSlug, routeId) }),
  });
}
