import type { PlatformBrand } from '@tappa/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** React Query key of the platform brand. */
export const PLATFORM_BRAND_QUERY_KEY = ['platform-brand'] as const;

/** The platform's public brand (logos and colours); `data` is undefined while loading or on error. */
export function usePlatformBrand(enabled = true) {
  return useQuery({
    enabled,
    queryKey: PLATFORM_BRAND_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest<PlatformBrand>('/api/public/platform-brand', { signal }),
    staleTime: 5 * 60_000,
  });
}
