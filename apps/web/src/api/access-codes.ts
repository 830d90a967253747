import type { AccessCode, AccessCodeList } from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { routeKeys, routesPath } from './routes';

/** React Query key of a route's access codes (under the route list, so a route change refreshes it). */
export const accessCodesKey = (tenantSlug: string, routeId: string) =>
  [...routeKeys.all(tenantSlug), routeId, 'access-codes'] as const;

const codesPath = (tenantSlug: string, routeId: string, ...rest: string[]) =>
  routesPath(tenantSlug, routeId, 'access-codes', ...rest);

/** `GET /api/tenants/{slug}/routes/{id}/access-codes`: the route's codes, newest first. */
export async function fetchAccessCodes(tenantSlug: string, routeId: string, signal?: AbortSignal) {
  const list = await apiRequest<AccessCodeList>(codesPath(tenantSlug, routeId), { signal });
  return list.codes;
}

/** The access codes query of a route. */
export function accessCodesQueryOptions(tenantSlug: string, routeId: string) {
  return queryOptions({
    queryKey: accessCodesKey(tenantSlug, routeId),
    queryFn: ({ signal }) => fetchAccessCodes(tenantSlug, routeId, signal),
    enabled: routeId !== '',
  });
}

/** A route's access codes, used and unused. */
export function useAccessCodes(tenantSlug: string, routeId: string) {
  return useQuery(accessCodesQueryOptions(tenantSlug, routeId));
}

/** Generates `count` new codes for the route (`POST …/access-codes`); answers the new codes. */
export function useGenerateAccessCodes(tenantSlug: string, routeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (count: number): Promise<AccessCode[]> => {
      const list = await apiRequest<AccessCodeList>(codesPath(tenantSlug, routeId), {
        method: 'POST',
        body: { count },
      });
      return list.codes;
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: accessCodesKey(tenantSlug, routeId) }),
  });
}

/** Deletes an unused code of the route (`DELETE …/access-codes/{codeId}`). */
export function useDeleteAccessCode(tenantSlug: string, routeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (codeId: string) =>
      apiRequest<undefined>(codesPath(tenantSlug, routeId, codeId), { method: 'DELETE' }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: accessCodesKey(tenantSlug, routeId) }),
  });
}
