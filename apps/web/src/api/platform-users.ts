import {
  platformUsers,
  type SuperadminUser,
  type SuperadminUserCreate,
  type SuperadminUserUpdate,
} from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';

/** React Query keys of the superadmin accounts (Manage Users). */
export const platformUserKeys = {
  /** The list of superadmin accounts. */
  all: ['platform', 'users'] as const,
};

/** Every superadmin account, newest first. */
export async function fetchSuperadminUsers(signal?: AbortSignal): Promise<SuperadminUser[]> {
  const list = await apiCall(platformUsers.list, { signal });
  return list.users;
}

/** The superadmin account list query. */
export function superadminUsersQueryOptions() {
  return queryOptions({
    queryKey: platformUserKeys.all,
    queryFn: ({ signal }) => fetchSuperadminUsers(signal),
  });
}

/** Every superadmin account, newest first. */
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

/** Creates a superadmin account, then refreshes the list. */
export function useCreateSuperadminUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (body: SuperadminUserCreate) => apiCall(platformUsers.create, { body }),
    onSuccess: refresh,
  });
}

/** Sets an account's display name and maybe its password, then refreshes. */
export function useUpdateSuperadminUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id, body }: UpdateUserInput) =>
      apiCall(platformUsers.update, { params: { userId: id }, body }),
    onSuccess: refresh,
  });
}

/** The status button: activates or deactivates an account. */
export function useSetSuperadminUserActive() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id, is_active }: SetUserActiveInput) =>
      apiCall(platformUsers.setActive, { params: { userId: id }, body: { is_active } }),
    onSuccess: refresh,
  });
}

/** Deletes a superadmin account, then refreshes the list. */
export function useDeleteSuperadminUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (id: string) => apiCall(platformUsers.remove, { params: { userId: id } }),
    onSuccess: refresh,
  });
}
