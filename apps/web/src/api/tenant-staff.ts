import {
  type StaffCreate,
  type StaffMember,
  type StaffUpdate,
  tenantStaff,
} from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';

/** React Query keys of a tenant's staff (the Admin Users tab). */
export const tenantStaffKeys = {
  /** The staff of the tenant `tenantSlug`. */
  list: (tenantSlug: string) => ['tenants', tenantSlug, 'staff'] as const,
};

/** The tenant's admins and game managers, by e-mail. */
export async function fetchTenantStaff(
  tenantSlug: string,
  signal?: AbortSignal,
): Promise<StaffMember[]> {
  return (await apiCall(tenantStaff.list, { params: { slug: tenantSlug }, signal })).staff;
}

/** The tenant staff query; idle without a tenant. */
export function tenantStaffQueryOptions(tenantSlug: string) {
  return queryOptions({
    queryKey: tenantStaffKeys.list(tenantSlug),
    queryFn: ({ signal }) => fetchTenantStaff(tenantSlug, signal),
    enabled: tenantSlug !== '',
  });
}

/** The tenant's staff, as a query. */
export function useTenantStaff(tenantSlug: string) {
  return useQuery(tenantStaffQueryOptions(tenantSlug));
}

/** Refreshes the staff list after a write. */
function useRefreshStaff(tenantSlug: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tenantStaffKeys.list(tenantSlug) });
}

/** Adds a staff member: a new account, or a role for an existing e-mail. */
export function useAddTenantStaff(tenantSlug: string) {
  const refresh = useRefreshStaff(tenantSlug);
  return useMutation({
    mutationFn: (body: StaffCreate) =>
      apiCall(tenantStaff.add, { params: { slug: tenantSlug }, body }),
    onSuccess: refresh,
  });
}

/** What `useUpdateTenantStaff` sends: the member and its new fields. */
export interface UpdateStaffInput {
  userId: string;
  body: StaffUpdate;
}

/** Changes a staff member, then refreshes the list. */
export function useUpdateTenantStaff(tenantSlug: string) {
  const refresh = useRefreshStaff(tenantSlug);
  return useMutation({
    mutationFn: ({ userId, body }: UpdateStaffInput) =>
      apiCall(tenantStaff.update, { params: { slug: tenantSlug, staffId: userId }, body }),
    onSuccess: refresh,
  });
}

/** Removes a staff member from the tenant, then refreshes the list. */
export function useRemoveTenantStaff(tenantSlug: string) {
  const refresh = useRefreshStaff(tenantSlug);
  return useMutation({
    mutationFn: (userId: string) =>
      apiCall(tenantStaff.remove, { params: { slug: tenantSlug, staffId: userId } }),
    onSuccess: refresh,
  });
}
