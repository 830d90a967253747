import type {
  StaffCreate,
  StaffCreateResponse,
  StaffListResponse,
  StaffMember,
  StaffUpdate,
} from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, apiRequest } from '../lib/api-client';

/** React Query keys of a tenant's staff (the Admin Users tab). */
export const tenantStaffKeys = {
  /** The staff of the tenant `tenantSlug`. */
  list: (tenantSlug: string) => ['tenants', tenantSlug, 'staff'] as const,
};

/** URL of the tenant's staff, or of one member. */
function staffPath(tenantSlug: string, ...rest: string[]): string {
  return apiPath('tenants', tenantSlug, 'staff', ...rest);
}

/** `GET /api/tenants/{slug}/staff`: the tenant's admins and game managers, by e-mail. */
export async function fetchTenantStaff(
  tenantSlug: string,
  signal?: AbortSignal,
): Promise<StaffMember[]> {
  return (await apiRequest<StaffListResponse>(staffPath(tenantSlug), { signal })).staff;
}

/** The tenant staff query; idle without a tenant. */
export function tenantStaffQueryOptions(tenantSlug: string) {
  return queryOptions({
    queryKey: tenantStaffKeys.list(tenantSlug),
    queryFn: ({ signal }) => fetchTenantStaff(tenantSlug, signal),
    enabled: tenantSlug !== '',
  });
}

/** The tenant's staff (`GET /api/tenants/{slug}/staff`). */
export function useTenantStaff(tenantSlug: string) {
  return useQuery(tenantStaffQueryOptions(tenantSlug));
}

/** Refreshes the staff list after a write. */
function useRefreshStaff(tenantSlug: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tenantStaffKeys.list(tenantSlug) });
}

/** Adds a staff member (`POST …/staff`): a new account, or a role for an existing e-mail. */
export function useAddTenantStaff(tenantSlug: string) {
  const refresh = useRefreshStaff(tenantSlug);
  return useMutation({
    mutationFn: (body: StaffCreate) =>
      apiRequest<StaffCreateResponse>(staffPath(tenantSlug), { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** What `useUpdateTenantStaff` sends: the member and its new fields. */
export interface UpdateStaffInput {
  userId: string;
  body: StaffUpdate;
}

/** Changes a staff member (`PUT …/staff/{id}`), then refreshes the list. */
export function useUpdateTenantStaff(tenantSlug: string) {
  const refresh = useRefreshStaff(tenantSlug);
  return useMutation({
    mutationFn: ({ userId, body }: UpdateStaffInput) =>
      apiRequest<StaffMember>(staffPath(tenantSlug, userId), { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

/** Removes a staff member from the tenant (`DELETE …/staff/{id}`), then refreshes the list. */
export function useRemoveTenantStaff(tenantSlug: string) {
  const refresh = useRefreshStaff(tenantSlug);
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<undefined>(staffPath(tenantSlug, userId), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
