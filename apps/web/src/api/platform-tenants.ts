import { type TenantDetail, tenants } from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';

/** Key of the tenant list; each tenant's detail lives under it. */
const ALL_TENANTS = ['platform', 'tenants'] as const;

/** React Query keys of the superadmin's tenants. */
export const platformTenantKeys = {
  /** The tenant list and every detail under it. */
  all: ALL_TENANTS,
  /** One tenant with every field. */
  detail: (id: string) => [...ALL_TENANTS, id] as const,
};

/** Every tenant, newest first. */
export async function fetchTenantList(signal?: AbortSignal) {
  const list = await apiCall(tenants.list, { signal });
  return list.tenants;
}

/** The tenant list query. */
export function tenantListQueryOptions() {
  return queryOptions({
    queryKey: platformTenantKeys.all,
    queryFn: ({ signal }) => fetchTenantList(signal),
  });
}

/** Every tenant, newest first, as a query. */
export function useTenantList() {
  return useQuery(tenantListQueryOptions());
}

/** One tenant with every field. */
export function fetchTenantDetail(id: string, signal?: AbortSignal): Promise<TenantDetail> {
  return apiCall(tenants.detail, { params: { id }, signal });
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

/** One tenant with every field, for the edit form. */
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
      id === undefined
        ? apiCall(tenants.create, { body: form })
        : apiCall(tenants.update, { params: { id }, body: form }),
    onSuccess: refresh,
  });
}

/** Deletes a tenant and everything it owns, then refreshes the list. */
export function useDeleteTenant() {
  const refresh = useRefreshTenants();
  return useMutation({
    mutationFn: (id: string) => apiCall(tenants.remove, { params: { id } }),
    onSuccess: refresh,
  });
}
