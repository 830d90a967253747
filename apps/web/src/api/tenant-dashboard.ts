import type { TenantDashboard } from '@tappa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, apiRequest } from '../lib/api-client';

/** React Query keys of a tenant's dashboard. */
export const tenantDashboardKeys = {
  /** The dashboard's counts of the tenant `tenantSlug`. */
  detail: (tenantSlug: string) => ['tenants', tenantSlug, 'dashboard'] as const,
};

/** `GET /api/tenants/{slug}/dashboard`: the three stat cards. */
export function fetchTenantDashboard(
  tenantSlug: string,
  signal?: AbortSignal,
): Promise<TenantDashboard> {
  return apiRequest<TenantDashboard>(apiPath('tenants', tenantSlug, 'dashboard'), { signal });
}

/** The tenant dashboard query; idle without a tenant. */
export function tenantDashboardQueryOptions(tenantSlug: string) {
  return queryOptions({
    queryKey: tenantDashboardKeys.detail(tenantSlug),
    queryFn: ({ signal }) => fetchTenantDashboard(tenantSlug, signal),
    enabled: tenantSlug !== '',
  });
}

/** The tenant dashboard's counts (`GET /api/tenants/{slug}/dashboard`). */
export function useTenantDashboard(tenantSlug: string) {
  return useQuery(tenantDashboardQueryOptions(tenantSlug));
}
