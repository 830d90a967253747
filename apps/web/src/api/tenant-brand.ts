import type { TenantDetail } from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, apiRequest } from '../lib/api-client';
import { publicTenantKeys } from './public-tenants';
import { sessionKeys } from './session';

/** React Query keys of a tenant's Brand tab. */
export const tenantBrandKeys = {
  /** Every field of the tenant `tenantSlug`. */
  detail: (tenantSlug: string) => ['tenants', tenantSlug, 'brand'] as const,
};

const brandPath = (tenantSlug: string) => apiPath('tenants', tenantSlug, 'brand');

/** The Brand tab's query (`GET /api/tenants/{slug}/brand`), never served from a stale copy. */
export function tenantBrandQueryOptions(tenantSlug: string) {
  return queryOptions({
    queryKey: tenantBrandKeys.detail(tenantSlug),
    queryFn: ({ signal }) => apiRequest<TenantDetail>(brandPath(tenantSlug), { signal }),
    // The form must start from the stored values.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Every field of the tenant, for its Brand tab. */
export function useTenantBrand(tenantSlug: string) {
  return useQuery(tenantBrandQueryOptions(tenantSlug));
}

/**
 * Saves the Brand tab (`PUT /api/tenants/{slug}/brand`, multipart). Afterwards the tenant's
 * public face (name, colours, logos) and the session (whose roles name the slug) are refreshed.
 */
export function useSaveTenantBrand(tenantSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      apiRequest<TenantDetail>(brandPath(tenantSlug), { method: 'PUT', body: form }),
    onSuccess: (saved) => {
      queryClient.setQueryData(tenantBrandKeys.detail(saved.slug), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: publicTenantKeys.detail(tenantSlug) }),
        queryClient.invalidateQueries({ queryKey: publicTenantKeys.detail(saved.slug) }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.all, exact: true }),
      ]);
    },
  });
}
