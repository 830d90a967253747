import type {
  SuperadminUser,
  SuperadminUserCreate,
  SuperadminUserListResponse,
  SuperadminUserUpdate,
} from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, apiRequest } from '../lib/api-client';

/** React Query keys of the superadmin accounts (Manage Users). */
export const platformUserKeys = {
  /** The list of superadmin accounts. */
  all: ['platform', 'users'] as const,
};

/** URL of the superadmin account collection, or of one account and what follows it. */
function platformUsersPath(...rest: string[]): string {
  return apiPath('platform', 'users', ...rest);
}

/** `GET /api/platform/users`: every superadmin account, newest first. */
export async function fetchSuperadminUsers(signal?: AbortSignal): Promise<SuperadminUser[]> {
  const list = await apiRequest<SuperadminUserListResponse>(platformUsersPath(), { signal });
  return list.users;
}

/** The superadmin account list query. */
export function superadminUsersQueryOptions() {
  return queryOptions({
    queryKey: platformUserKeys.all,
    queryFn: ({ signal }) => fetchSuperadminUsers(signal),
  });
}

/** Every superadmin account, newest first (`GET /api/platform/users`). */
export function useSuperadminUsers() {
  return useQuery(superadminUsersQueryOptions());
}

/** What `useSetSuperadminUserActive` sends: the account and its new status. */
export interface SetUserActiveInput {
  id: string;
  is_active: boolean;
}

/** What `useUpdateSuperadminUser` sends: the account and its new display name and (optional) password. */
export interface UpdateUserInput {
  id: string;
  body: SuperadminUserUpdate;
}

/** Refreshes the account list after a write. */
function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: platformUserKeys.all });
}

/** Creates a superadmin account (`POST /api/platform/users`), then refreshes the list. */
export function useCreateSuperadminUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (body: SuperadminUserCreate) =>
      apiRequest<SuperadminUser>(platformUsersPath(), { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** Sets an account's display name and maybe its password (`PUT …/{id}`), then refreshes. */
export function useUpdateSuperadminUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id, body }: UpdateUserInput) =>
      apiRequest<SuperadminUser>(platformUsersPath(id), { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

/** The status button: activates or deactivates an account (`PATCH …/{id}/active`). */
export function useSetSuperadminUserActive() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id, is_active }: SetUserActiveInput) =>
      apiRequest<SuperadminUser>(platformUsersPath(id, 'active'), {
        method: 'PATCH',
        body: { is_active },
      }),
    onSuccess: refresh,
  });
}

/** Deletes a superadmin account (`DELETE /api/platform/users/{id}`), then refreshes the list. */
export function useDeleteSuperadminUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (id: string) => apiRequest<undefined>(platformUsersPath(id), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
