import { orphanUsers } from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';

/** React Query key of the orphan accounts (a tenant role granted elsewhere refreshes it too). */
export const ORPHAN_USERS_KEY = ['platform', 'orphan-users'] as const;

/** The accounts with no tenant and no role, newest first. */
export async function fetchOrphanUsers(signal?: AbortSignal) {
  const list = await apiCall(orphanUsers.list, { signal });
  return list.users;
}

/** The orphan accounts query. */
export function orphanUsersQueryOptions() {
  return queryOptions({
    queryKey: ORPHAN_USERS_KEY,
    queryFn: ({ signal }) => fetchOrphanUsers(signal),
  });
}

/** The orphan accounts, newest first. */
export function useOrphanUsers() {
  return useQuery(orphanUsersQueryOptions());
}

/** Deletes an orphan account (refused when it is no orphan any more), then refreshes the list. */
export function useDeleteOrphanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(orphanUsers.remove, { params: { orphanId: id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORPHAN_USERS_KEY }),
  });
}
