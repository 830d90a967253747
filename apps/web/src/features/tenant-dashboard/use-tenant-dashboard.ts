import type { TenantDashboard } from '@tappa/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** The tenant dashboard's counts (`GET /api/tenants/{slug}/dashboard`). */
export function useTenantDashboard(tenantSlug: string) {
  return useQuery({
    queryKey: ['tenants', tenantSlug, 'dashboard'],
    queryFn: ({ signal }) =>
      apiRequest<TenantDashboard>(`/api/tenants/${encodeURIComponent(tenantSlug)}/dashboard`, {
        signal,
      }),
    enabled: tenantSlug !== '',
  });
}
