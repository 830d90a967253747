import type { PublicTenant } from '@tappa/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * The public face of a tenant by slug; an unknown slug fails with an `ApiError` of status 404.
 * The last answer for the same slug stays shown while refetching (e.g. after a sign-out cleared
 * the cache), so pages do not flash back to their loading state.
 */
export function usePublicTenant(slug: string) {
  return useQuery<PublicTenant>({
    queryKey: ['public-tenant', slug],
    queryFn: ({ signal }) =>
      apiRequest<PublicTenant>(`/api/public/tenants/${encodeURIComponent(slug)}`, { signal }),
    staleTime: 60_000,
    placeholderData: (previous) => (previous?.slug === slug ? previous : undefined),
  });
}
