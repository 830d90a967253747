import type { PaymentSettingsView, PaymentSettingsWrite } from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, apiRequest } from '../lib/api-client';

/** React Query keys of a tenant's payment settings (the Payments tab). */
export const tenantPaymentsKeys = {
  /** The Stripe connection of the tenant `tenantSlug`, as the server shows it (no secrets). */
  settings: (tenantSlug: string) => ['tenants', tenantSlug, 'payment-settings'] as const,
};

const settingsPath = (tenantSlug: string) => apiPath('tenants', tenantSlug, 'payment-settings');

/** `GET /api/tenants/{slug}/payment-settings`: connected or not, mode, key hint, webhook URL. */
export function fetchPaymentSettings(
  tenantSlug: string,
  signal?: AbortSignal,
): Promise<PaymentSettingsView> {
  return apiRequest<PaymentSettingsView>(settingsPath(tenantSlug), { signal });
}

/** The payment settings query; idle without a tenant. */
export function paymentSettingsQueryOptions(tenantSlug: string) {
  return queryOptions({
    queryKey: tenantPaymentsKeys.settings(tenantSlug),
    queryFn: ({ signal }) => fetchPaymentSettings(tenantSlug, signal),
    enabled: tenantSlug !== '',
  });
}

/** The tenant's Stripe connection (`GET …/payment-settings`). */
export function usePaymentSettings(tenantSlug: string) {
  return useQuery(paymentSettingsQueryOptions(tenantSlug));
}

/** Connects the Stripe account or replaces its keys (`PUT`); the answer replaces the cache. */
export function useConnectStripe(tenantSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentSettingsWrite) =>
      apiRequest<PaymentSettingsView>(settingsPath(tenantSlug), { method: 'PUT', body }),
    onSuccess: (view) => queryClient.setQueryData(tenantPaymentsKeys.settings(tenantSlug), view),
  });
}

/** Disconnects the Stripe account (`DELETE`), then reads the settings again. */
export function useDisconnectStripe(tenantSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<undefined>(settingsPath(tenantSlug), { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: tenantPaymentsKeys.settings(tenantSlug) }),
  });
}
