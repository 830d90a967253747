import { type AccessCode, accessCodes } from '@tappa/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';
import { routeKeys } from './routes';

/** React Query key of a route's access codes (under the route list, so a route change refreshes it). */
export const accessCodesKey = (tenantSlug: string, routeId: string) =>
  [...routeKeys.all(tenantSlug), routeId, 'access-codes'] as const;

/** The route's codes, newest first. */
export async function fetchAccessCodes(tenantSlug: string, routeId: string, signal?: AbortSignal) {
  const list = await apiCall(accessCodes.list, { params: { slug: tenantSlug, routeId }, signal });
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

/** Generates `count` new codes for the route; answers the new codes. */
export function useGenerateAccessCodes(tenantSlug: string, routeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (count: number): Promise<AccessCode[]> => {
      const params = { slug: tenantSlug, routeId };
      const list = await apiCall(accessCodes.generate, { params, body: { count } });
      return list.codes;
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: accessCodesKey(tenantSlug, routeId) }),
  });
}

/** Deletes an unused code of the route. */
export function useDeleteAccessCode(tenantSlug: string, routeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (codeId: string) =>
      apiCall(accessCodes.remove, { params: { slug: tenantSlug, routeId, codeId } }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: accessCodesKey(tenantSlug, routeId) }),
  });
}
