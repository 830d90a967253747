import {
  paymentSettings,
  type PaymentSettingsView,
  type PaymentSettingsWrite,
} from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';

/** React Query keys of a tenant's payment settings (the Payments tab). */
export const tenantPaymentsKeys = {
  /** The Stripe connection of the tenant `tenantSlug`, as the server shows it (no secrets). */
  settings: (tenantSlug: string) => ['tenants', tenantSlug, 'payment-settings'] as const,
};

/** The tenant's Stripe connection: connected or not, mode, key hint, webhook URL. */
export function fetchPaymentSettings(
  tenantSlug: string,
  signal?: AbortSignal,
): Promise<PaymentSettingsView> {
  return apiCall(paymentSettings.read, { params: { slug: tenantSlug }, signal });
}

/** The payment settings query; idle without a tenant. */
export function paymentSettingsQueryOptions(tenantSlug: string) {
  return queryOptions({
    queryKey: tenantPaymentsKeys.settings(tenantSlug),
    queryFn: ({ signal }) => fetchPaymentSettings(tenantSlug, signal),
    enabled: tenantSlug !== '',
  });
}

/** The tenant's Stripe connection. */
export function usePaymentSettings(tenantSlug: string) {
  return useQuery(paymentSettingsQueryOptions(tenantSlug));
}

/** Connects the Stripe account or replaces its keys; the answer replaces the cache. */
export function useConnectStripe(tenantSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentSettingsWrite) =>
      apiCall(paymentSettings.connect, { params: { slug: tenantSlug }, body }),
    onSuccess: (view) => queryClient.setQueryData(tenantPaymentsKeys.settings(tenantSlug), view),
  });
}

/** Disconnects the Stripe account, then reads the settings again. */
export function useDisconnectStripe(tenantSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(paymentSettings.disconnect, { params: { slug: tenantSlug } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: tenantPaymentsKeys.settings(tenantSlug) }),
  });
}
