import { type SessionResponse, tenantBrand } from '@tappa/contracts';
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';
import { queryStore } from '../lib/query';
import { publicTenantKeys } from './public-tenants';
import { sessionKeys } from './session';

/** React Query keys of a tenant's Brand tab. */
export const tenantBrandKeys = {
  /** Every field of the tenant `tenantSlug`. */
  detail: (tenantSlug: string) => ['tenants', tenantSlug, 'brand'] as const,
};

/** The Brand tab's query, never served from a stale copy. */
export function tenantBrandQueryOptions(tenantSlug: string) {
  return queryOptions({
    queryKey: tenantBrandKeys.detail(tenantSlug),
    queryFn: ({ signal }) => apiCall(tenantBrand.read, { params: { slug: tenantSlug }, signal }),
    // The form must start from the stored values.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Every field of the tenant, for its Brand tab. */
export function useTenantBrand(tenantSlug: string) {
  return useQuery(tenantBrandQueryOptions(tenantSlug));
}

/** Reads the session again (its roles name the tenants by slug). */
function refreshSession(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: sessionKeys.all, exact: true });
}

/**
 * A slug change as the page moves: `rename` makes the cached session name the tenant under both
 * slugs, so that no guard, on the page leaving or on the page arriving, finds the tenant missing;
 * `refresh` reads the session again once the page is at the new address.
 */
export function useSessionSlugMove() {
  const queryClient = useQueryClient();
  return {
    rename: (from: string, to: string) =>
      queryClient.setQueryData<SessionResponse | null>(
        sessionKeys.all,
        (session) =>
          session && {
            ...session,
            tenants: session.tenants.flatMap((tenant) =>
              tenant.slug === from ? [tenant, { ...tenant, slug: to }] : [tenant],
            ),
          },
      ),
    refresh: () => refreshSession(queryClient),
  };
}

/**
 * Saves the Brand tab (multipart). Afterwards the tenant's
 * public face (name, colours, logos) and the session (whose roles name the slug) are refreshed.
 */
export function useSaveTenantBrand(tenantSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      apiCall(tenantBrand.save, { params: { slug: tenantSlug }, body: form }),
    onSuccess: (saved) => {
      queryClient.setQueryData(tenantBrandKeys.detail(saved.slug), saved);
      // The session's roles name the tenant by slug: it gains the new one at once, and keeps the
      // old one until it is read again, so neither address turns the admin away in between.
      queryClient.setQueryData(sessionKeys.all, (session: SessionResponse | null | undefined) => {
        const entry = session?.tenants.find((tenant) => tenant.id === saved.id);
        if (!session || !entry || entry.slug === saved.slug) return session;
        return { ...session, tenants: [...session.tenants, { ...entry, slug: saved.slug }] };
      });
      // Not awaited: the form starts afresh at once, while these refresh in the background (the
      // public face is in the phone's query cache, `lib/query`).
      void queryStore.invalidateQueries({ queryKey: publicTenantKeys.detail(tenantSlug) });
      void queryStore.invalidateQueries({ queryKey: publicTenantKeys.detail(saved.slug) });
      // After a new slug the page moves first (`useSessionSlugMove`), then the session is read.
      if (saved.slug === tenantSlug) void refreshSession(queryClient);
    },
  });
}
