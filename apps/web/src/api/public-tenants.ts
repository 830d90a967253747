import type { PublicTenant } from '@tappa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, apiRequest } from '../lib/api-client';

/** React Query keys of the tenants' public faces. */
export const publicTenantKeys = {
  /** The public face of the tenant `slug`. */
  detail: (slug: string) => ['public', 'tenants', slug] as const,
};

/** `GET /api/public/tenants/{slug}`: name, logos, colours and availability; 404 when unknown. */
export function fetchPublicTenant(slug: string, signal?: AbortSignal): Promise<PublicTenant> {
  return apiRequest<PublicTenant>(apiPath('public', 'tenants', slug), { signal });
}

/**
 * The public tenant query, fresh for a minute. The last answer for the same slug stays shown
 * while refetching (e.g. after a sign-out cleared the cache), so pages do not flash back to their
 * loading state.
 */
export function publicTenantQueryOptions(slug: string) {
  return queryOptions({
    queryKey: publicTenantKeys.detail(slug),
    queryFn: ({ signal }) => fetchPublicTenant(slug, signal),
    staleTime: 60_000,
    placeholderData: (previous) => (previous?.slug === slug ? previous : undefined),
  });
}

/** The public face of a tenant by slug; an unknown slug fails with an `ApiError` of status 404. */
export function usePublicTenant(slug: string) {
  return useQuery(publicTenantQueryOptions(slug));
}
