import type { TenantDetail, TenantSummary } from '@tappa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** React Query key of the superadmin's tenant list; details live under it. */
export const TENANTS_QUERY_KEY = ['platform', 'tenants'] as const;

/** URL of the tenant collection, or of one tenant when `id` is given. */
function tenantsUrl(id?: string): string {
  return id === undefined
    ? '/api/platform/tenants'
    : `/api/platform/tenants/${encodeURIComponent(id)}`;
}

/** Every tenant, newest first (`GET /api/platform/tenants`). */
export function useTenantList() {
  return useQuery({
    queryKey: TENANTS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ tenants: TenantSummary[] }>(tenantsUrl(), { signal })).tenants,
  });
}

/** One tenant with every field, for the edit form (`GET /api/platform/tenants/{id}`). */
export function useTenantDetail(id: string) {
  return useQuery({
    queryKey: [...TENANTS_QUERY_KEY, id],
    queryFn: ({ signal }) => apiRequest<TenantDetail>(tenantsUrl(id), { signal }),
    // The form must start from the stored values, never from a stale copy.
    staleTime: 0,
    gcTime: 0,
  });
}

/** What `useSaveTenant` sends: the multipart body, and the tenant's id when editing. */
export interface SaveTenantInput {
  id?: string;
  form: FormData;
}

/** Creates (POST) or updates (PUT) a tenant from a multipart body; refreshes the list afterwards. */
export function useSaveTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: SaveTenantInput) =>
      apiRequest<TenantDetail>(tenantsUrl(id), {
        method: id === undefined ? 'POST' : 'PUT',
        body: form,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TENANTS_QUERY_KEY }),
  });
}

/** Deletes a tenant and everything it owns (`DELETE /api/platform/tenants/{id}`), then refreshes. */
export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<undefined>(tenantsUrl(id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TENANTS_QUERY_KEY }),
  });
}
