import type { TenantDetail, TenantListResponse } from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, apiRequest } from '../lib/api-client';

/** Key of the tenant list; each tenant's detail lives under it. */
const ALL_TENANTS = ['platform', 'tenants'] as const;

/** React Query keys of the superadmin's tenants. */
export const platformTenantKeys = {
  /** The tenant list and every detail under it. */
  all: ALL_TENANTS,
  /** One tenant with every field. */
  detail: (id: string) => [...ALL_TENANTS, id] as const,
};

/** URL of the tenant collection, or of one tenant when `id` is given. */
function platformTenantsPath(id?: string): string {
  return id === undefined ? apiPath('platform', 'tenants') : apiPath('platform', 'tenants', id);
}

/** `GET /api/platform/tenants`: every tenant, newest first. */
export async function fetchTenantList(signal?: AbortSignal) {
  const list = await apiRequest<TenantListResponse>(platformTenantsPath(), { signal });
  return list.tenants;
}

/** The tenant list query. */
export function tenantListQueryOptions() {
  return queryOptions({
    queryKey: platformTenantKeys.all,
    queryFn: ({ signal }) => fetchTenantList(signal),
  });
}

/** Every tenant, newest first (`GET /api/platform/tenants`). */
export function useTenantList() {
  return useQuery(tenantListQueryOptions());
}

/** `GET /api/platform/tenants/{id}`: one tenant with every field. */
export function fetchTenantDetail(id: string, signal?: AbortSignal): Promise<TenantDetail> {
  return apiRequest<TenantDetail>(platformTenantsPath(id), { signal });
}

/** The tenant detail query, never served from the cache. */
export function tenantDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: platformTenantKeys.detail(id),
    queryFn: ({ signal }) => fetchTenantDetail(id, signal),
    // The form must start from the stored values, never from a stale copy.
    staleTime: 0,
    gcTime: 0,
  });
}

/** One tenant with every field, for the edit form (`GET /api/platform/tenants/{id}`). */
export function useTenantDetail(id: string) {
  return useQuery(tenantDetailQueryOptions(id));
}

/** What `useSaveTenant` sends: the multipart body, and the tenant's id when editing. */
export interface SaveTenantInput {
  id?: string;
  form: FormData;
}

/** Refreshes the tenant list (and the details under it) after a write. */
function useRefreshTenants() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: platformTenantKeys.all });
}

/** Creates (POST) or updates (PUT) a tenant from a multipart body; refreshes the list afterwards. */
export function useSaveTenant() {
  const refresh = useRefreshTenants();
  return useMutation({
    mutationFn: ({ id, form }: SaveTenantInput) =>
      apiRequest<TenantDetail>(platformTenantsPath(id), {
        method: id === undefined ? 'POST' : 'PUT',
        body: form,
      }),
    onSuccess: refresh,
  });
}

/** Deletes a tenant and everything it owns (`DELETE /api/platform/tenants/{id}`), then refreshes. */
export function useDeleteTenant() {
  const refresh = useRefreshTenants();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<undefined>(platformTenantsPath(id), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
