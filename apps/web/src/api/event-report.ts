import { type AnalyticsQuery, analytics } from '@tappa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';

/** React Query keys of a route's event report and its certificates' standings. */
export const eventReportKeys = {
  /** The whole report of the tenant's route and range. */
  report: (tenantSlug: string, query: AnalyticsQuery) =>
    ['tenants', tenantSlug, 'analytics', 'report', query] as const,
  /** The range's standings only. */
  standings: (tenantSlug: string, query: AnalyticsQuery) =>
    ['tenants', tenantSlug, 'analytics', 'standings', query] as const,
};

/** The event report (`analytics.report`): read once for printing, never kept stale. */
export function useEventReport(tenantSlug: string, query: AnalyticsQuery) {
  return useQuery(
    queryOptions({
      queryKey: eventReportKeys.report(tenantSlug, query),
      queryFn: ({ signal }) =>
        apiCall(analytics.report, { params: { slug: tenantSlug }, query, signal }),
      staleTime: 0,
    }),
  );
}

/** The final standings of the range (`analytics.standings`), for the certificates. */
export function useRouteStandings(tenantSlug: string, query: AnalyticsQuery) {
  return useQuery(
    queryOptions({
      queryKey: eventReportKeys.standings(tenantSlug, query),
      queryFn: ({ signal }) =>
        apiCall(analytics.standings, { params: { slug: tenantSlug }, query, signal }),
      staleTime: 0,
    }),
  );
}
