import { teamRecords, tenantPlayers, urlOf } from '@tappa/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';
import { fetchFile } from '../lib/download';

/** React Query keys of a tenant's registered teams. */
export const tenantPlayersKeys = {
  /** Every search of the tenant's list. */
  all: (tenantSlug: string) => ['tenants', tenantSlug, 'players'] as const,
  /** The pages of one search. */
  search: (tenantSlug: string, q: string) => [...tenantPlayersKeys.all(tenantSlug), q] as const,
  /** One team's detail (kept apart from the searches, which are lists). */
  team: (tenantSlug: string, teamId: string) => ['tenants', tenantSlug, 'team', teamId] as const,
};

/** A page of registered teams matching `q`, newest first, after `cursor`. */
export function fetchTenantPlayersPage(
  tenantSlug: string,
  opts: { q: string; cursor: string | null },
  signal?: AbortSignal,
) {
  // An empty search or cursor is left out of the query string.
  const query = { q: opts.q || undefined, cursor: opts.cursor || undefined };
  return apiCall(tenantPlayers.list, { params: { slug: tenantSlug }, query, signal });
}

/** Every team matching `q` as CSV bytes (BOM kept). */
export function fetchTenantPlayersCsv(tenantSlug: string, q: string): Promise<Blob> {
  const search = q ? `?${new URLSearchParams({ q }).toString()}` : '';
  return fetchFile(`${urlOf(tenantPlayers.csv, { slug: tenantSlug })}${search}`);
}

/**
 * Everything kept about a team (its detail, games and positions) as the JSON file the server
 * writes for its access request (decision 0086).
 */
export function fetchTeamExport(tenantSlug: string, teamId: string): Promise<Blob> {
  return fetchFile(urlOf(teamRecords.export, { slug: tenantSlug, teamId }));
}

/** The tenant's teams matching `q`, a page at a time: `fetchNextPage` loads older ones. */
export function useTenantPlayers(tenantSlug: string, q: string) {
  return useInfiniteQuery({
    queryKey: tenantPlayersKeys.search(tenantSlug, q),
    queryFn: ({ pageParam, signal }) =>
      fetchTenantPlayersPage(tenantSlug, { q, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // While a new search loads, the previous results stay instead of a spinner.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * A registered team and its games, read afresh each
 * time it is opened and forgotten once closed (`gcTime: 0`): an erased team leaves nothing behind.
 */
export function useTenantTeam(tenantSlug: string, teamId: string) {
  return useQuery({
    queryKey: tenantPlayersKeys.team(tenantSlug, teamId),
    queryFn: ({ signal }) =>
      apiCall(teamRecords.detail, { params: { slug: tenantSlug, teamId }, signal }),
    gcTime: 0,
  });
}

/** Erases a team's data on its request, then reads the lists again. */
export function useEraseTenantTeam(tenantSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) =>
      apiCall(teamRecords.erase, { params: { slug: tenantSlug, teamId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantPlayersKeys.all(tenantSlug) }),
  });
}
