import { type TenantRoleGrant, tenantRoles } from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';
import { ORPHAN_USERS_KEY } from './orphan-users';

/** React Query key of a tenant's roles. */
export const tenantRolesKey = (tenantId: string) =>
  ['platform', 'tenants', tenantId, 'roles'] as const;

/** The accounts with a role in the tenant, by e-mail. */
export async function fetchTenantRoles(tenantId: string, signal?: AbortSignal) {
  const list = await apiCall(tenantRoles.list, { params: { id: tenantId }, signal });
  return list.roles;
}

/** The tenant roles query. */
export function tenantRolesQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: tenantRolesKey(tenantId),
    queryFn: ({ signal }) => fetchTenantRoles(tenantId, signal),
  });
}

/** The accounts with a role in the tenant. */
export function useTenantRoles(tenantId: string) {
  return useQuery(tenantRolesQueryOptions(tenantId));
}

/** After a grant or a removal: the tenant's roles and the orphan list may both have changed. */
function useRefreshRoles() {
  const queryClient = useQueryClient();
  return async (tenantId: string) => {
    await queryClient.invalidateQueries({ queryKey: tenantRolesKey(tenantId) });
    await queryClient.invalidateQueries({ queryKey: ORPHAN_USERS_KEY });
  };
}

/** What a grant sends: the tenant, and the account's e-mail with its role there. */
export type GrantTenantRoleInput = TenantRoleGrant & { tenantId: string };

/** Gives an existing account (by e-mail) a role in the tenant, or changes the one it has. */
export function useGrantTenantRole() {
  const refresh = useRefreshRoles();
  return useMutation({
    mutationFn: ({ tenantId, ...grant }: GrantTenantRoleInput) =>
      apiCall(tenantRoles.grant, { params: { id: tenantId }, body: grant }),
    onSuccess: (_roles, { tenantId }) => refresh(tenantId),
  });
}

/** Takes an account's role in the tenant away. */
export function useRemoveTenantRole() {
  const refresh = useRefreshRoles();
  return useMutation({
    mutationFn: ({ tenantId, userId }: { tenantId: string; userId: string }) =>
      apiCall(tenantRoles.remove, { params: { id: tenantId, userId } }),
    onSettled: (_result, _error, { tenantId }) => refresh(tenantId),
  });
}
