import { type PublicTenant, publicTenants } from '@tappa/contracts';
import { apiCall } from '../lib/api-client';
import { queryOptions, useQuery } from '../lib/query';

/** Query keys of the tenants' public faces (the phone's query cache, `lib/query`). */
export const publicTenantKeys = {
  /** The public face of the tenant `slug`. */
  detail: (slug: string) => ['public', 'tenants', slug] as const,
};

/** A tenant's name, logos, colours and availability; 404 when unknown. */
export function fetchPublicTenant(slug: string, signal?: AbortSignal): Promise<PublicTenant> {
  return apiCall(publicTenants.read, { params: { slug }, signal });
}

/** The public tenant query, fresh for a minute. */
export function publicTenantQueryOptions(slug: string) {
  return queryOptions({
    queryKey: publicTenantKeys.detail(slug),
    queryFn: ({ signal }) => fetchPublicTenant(slug, signal),
    staleTime: 60_000,
  });
}

/** The public face of a tenant by slug; an unknown slug fails with an `ApiError` of status 404. */
export function usePublicTenant(slug: string) {
  return useQuery(publicTenantQueryOptions(slug));
}
