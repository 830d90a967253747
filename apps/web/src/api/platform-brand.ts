import { type PlatformBrand, publicPlatformBrand } from '@tappa/contracts';
import { apiCall } from '../lib/api-client';
import { queryOptions, useQuery } from '../lib/query';

/** Query keys of the platform brand (the phone's query cache, `lib/query`). */
export const platformBrandKeys = {
  /** The one platform brand. */
  all: ['platform-brand'] as const,
};

/** The platform's logos and colours. */
export function fetchPlatformBrand(signal?: AbortSignal): Promise<PlatformBrand> {
  return apiCall(publicPlatformBrand.read, { signal });
}

/** The platform brand query, fresh for 5 minutes. */
export function platformBrandQueryOptions() {
  return queryOptions({
    queryKey: platformBrandKeys.all,
    queryFn: ({ signal }) => fetchPlatformBrand(signal),
    staleTime: 5 * 60_000,
  });
}

/** The platform's public brand (logos and colours); `data` is undefined while loading or on error. */
export function usePlatformBrand(enabled = true) {
  return useQuery({ ...platformBrandQueryOptions(), enabled });
}
