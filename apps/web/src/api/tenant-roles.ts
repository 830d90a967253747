import type { TenantRoleGrant, TenantRoleListResponse } from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, apiRequest } from '../lib/api-client';
import { ORPHAN_USERS_KEY } from './orphan-users';

/** React Query key of a tenant's roles. */
export const tenantRolesKey = (tenantId: string) =>
  ['platform', 'tenants', tenantId, 'roles'] as const;

const rolesPath = (tenantId: string, ...rest: string[]) =>
  apiPath('platform', 'tenants', tenantId, 'roles', ...rest);

/** `GET /api/platform/tenants/{id}/roles`: the accounts with a role in the tenant, by e-mail. */
export async function fetchTenantRoles(tenantId: string, signal?: AbortSignal) {
  const list = await apiRequest<TenantRoleListResponse>(rolesPath(tenantId), { signal });
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

/**
 * Gives an existing account (by e-mail) a role in the tenant, or changes the one it has
 * (`POST /api/platform/tenants/{id}/roles`).
 */
export function useGrantTenantRole() {
  const refresh = useRefreshRoles();
  return useMutation({
    mutationFn: ({ tenantId, ...grant }: GrantTenantRoleInput) =>
      apiRequest<TenantRoleListResponse>(rolesPath(tenantId), { method: 'POST', body: grant }),
    onSuccess: (_roles, { tenantId }) => refresh(tenantId),
  });
}

/** Takes an account's role in the tenant away (`DELETE /api/platform/tenants/{id}/roles/{user}`). */
export function useRemoveTenantRole() {
  const refresh = useRefreshRoles();
  return useMutation({
    mutationFn: ({ tenantId, userId }: { tenantId: string; userId: string }) =>
      apiRequest<undefined>(rolesPath(tenantId, userId), { method: 'DELETE' }),
    onSettled: (_result, _error, { tenantId }) => refresh(tenantId),
  });
}
