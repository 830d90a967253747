import { type AdminStep, steps as stepsEndpoints } from '@tappa/contracts';
import type { RouteJsonStep, ScoringConfig, StepReviewMode } from '@tappa/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';
import { routeKeys } from './routes';

/** React Query keys of a route's steps as the staff see them (answers included). */
export const stepKeys = {
  /** The steps of one route, under the tenant's route list. */
  list: (tenantSlug: string, routeId: string) =>
    [...routeKeys.all(tenantSlug), routeId, 'steps'] as const,
};

/** One step of a saved step list: the route JSON step format, with the existing step's id. */
export type StepPayload = Omit<
  RouteJsonStep,
  'address' | 'choices' | 'multiple' | 'scoring' | 'review'
> & {
  id?: string;
  /** Sent for every step: `auto` (the spec's rule) or `staff` (decision 0083). */
  review: StepReviewMode;
  /** Null clears the address. */
  address: string | null;
  choices: string[] | null;
  multiple: boolean;
  scoring: ScoringConfig | null;
};

/** The route's steps in order, answers included. */
export async function fetchRouteSteps(
  tenantSlug: string,
  routeId: string,
  signal?: AbortSignal,
): Promise<AdminStep[]> {
  const params = { slug: tenantSlug, routeId };
  const list = await apiCall(stepsEndpoints.list, { params, signal });
  return list.steps;
}

/** The route's steps query; idle without tenant or route. */
export function routeStepsQueryOptions(tenantSlug: string, routeId: string) {
  return queryOptions({
    queryKey: stepKeys.list(tenantSlug, routeId),
    queryFn: ({ signal }) => fetchRouteSteps(tenantSlug, routeId, signal),
    enabled: tenantSlug !== '' && routeId !== '',
  });
}

/**
 * The route's steps in order. Read fresh on every mount (e.g. for printing), unless `editing`:
 * the editor works on its own copy, so a background refetch must not look like new data.
 */
export function useRouteSteps(tenantSlug: string, routeId: string, { editing = false } = {}) {
  return useQuery({
    ...routeStepsQueryOptions(tenantSlug, routeId),
    staleTime: editing ? Infinity : 0,
    refetchOnWindowFocus: !editing,
  });
}

/** Replaces the route's whole ordered step list. */
export function useSaveSteps(tenantSlug: string, routeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (steps: StepPayload[]) =>
      (
        await apiCall(stepsEndpoints.save, {
          params: { slug: tenantSlug, routeId },
          body: { steps },
        })
      ).steps,
    onSuccess: async (steps) => {
      queryClient.setQueryData(stepKeys.list(tenantSlug, routeId), steps);
      // Step counts in route lists changed.
      await queryClient.invalidateQueries({ queryKey: routeKeys.all(tenantSlug), exact: true });
    },
  });
}
