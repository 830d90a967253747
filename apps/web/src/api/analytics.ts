import { analytics, type AnalyticsQuery } from '@tappa/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';

/**
 * How often the analytics page reads its route's figures again while it is visible: the
 * server computes them at most once per 5 s bucket (decision 0088).
 */
export const ANALYTICS_REFRESH_MS = 5_000;

/** React Query keys of a tenant's analytics (staff data). */
export const analyticsKeys = {
  all: (slug: string) => ['tenants', slug, 'analytics'] as const,
  /** One route's figures over a range. */
  route: (slug: string, query: AnalyticsQuery) =>
    [...analyticsKeys.all(slug), query.route, query.from ?? '', query.to ?? ''] as const,
};

/**
 * A route's per-step analytics over `query`'s range (`analytics.route`), read again every
 * ANALYTICS_REFRESH_MS while the document is visible (paused while it is hidden); idle without
 * a query.
 */
export function useRouteAnalytics(slug: string, query: AnalyticsQuery | null) {
  return useQuery({
    queryKey: query ? analyticsKeys.route(slug, query) : analyticsKeys.all(slug),
    queryFn: ({ signal }) =>
      apiCall(analytics.route, { params: { slug }, query: query ?? { route: '' }, signal }),
    enabled: query !== null,
    refetchInterval: ANALYTICS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
