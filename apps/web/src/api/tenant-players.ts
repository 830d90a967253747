import type { TenantPlayersPage } from '@tappa/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiPath, apiRequest } from '../lib/api-client';
import { fetchFile } from '../lib/download';

/** React Query keys of a tenant's registered teams. */
export const tenantPlayersKeys = {
  /** Every search of the tenant's list. */
  all: (tenantSlug: string) => ['tenants', tenantSlug, 'players'] as const,
  /** The pages of one search. */
  search: (tenantSlug: string, q: string) => [...tenantPlayersKeys.all(tenantSlug), q] as const,
};

/** `?q=&cursor=` of the list (empty parts left out). */
function playersQuery(q: string, cursor: string | null): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `GET /api/tenants/{slug}/players`: a page of registered teams, newest first, after `cursor`. */
export function fetchTenantPlayersPage(
  tenantSlug: string,
  opts: { q: string; cursor: string | null },
  signal?: AbortSignal,
) {
  return apiRequest<TenantPlayersPage>(
    `${apiPath('tenants', tenantSlug, 'players')}${playersQuery(opts.q, opts.cursor)}`,
    { signal },
  );
}

/** `GET /api/tenants/{slug}/players.csv?q=`: every matching team as CSV bytes (BOM kept). */
export function fetchTenantPlayersCsv(tenantSlug: string, q: string): Promise<Blob> {
  return fetchFile(`${apiPath('tenants', tenantSlug, 'players.csv')}${playersQuery(q, null)}`);
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
