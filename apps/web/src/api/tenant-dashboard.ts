import { dashboard, type TenantDashboard } from '@tappa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';

/** React Query keys of a tenant's dashboard. */
export const tenantDashboardKeys = {
  /** The dashboard's counts of the tenant `tenantSlug`. */
  detail: (tenantSlug: string) => ['tenants', tenantSlug, 'dashboard'] as const,
};

/** The three stat cards of the tenant's dashboard. */
export function fetchTenantDashboard(
  tenantSlug: string,
  signal?: AbortSignal,
): Promise<TenantDashboard> {
  return apiCall(dashboard.read, { params: { slug: tenantSlug }, signal });
}

/** The tenant dashboard query; idle without a tenant. */
export function tenantDashboardQueryOptions(tenantSlug: string) {
  return queryOptions({
    queryKey: tenantDashboardKeys.detail(tenantSlug),
    queryFn: ({ signal }) => fetchTenantDashboard(tenantSlug, signal),
    enabled: tenantSlug !== '',
  });
}

/** The tenant dashboard's counts, as a query. */
export function useTenantDashboard(tenantSlug: string) {
  return useQuery(tenantDashboardQueryOptions(tenantSlug));
}
