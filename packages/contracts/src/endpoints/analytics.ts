import { endpoint, shape } from '../endpoint';
import type { AnalyticsQuery, EventReport, RouteAnalytics, RouteStandings } from '../analytics';

/** Per-step analytics of a route (issue 38, decision 0088), for the tenant's staff. */
export const analytics = {
  /** A route's analytics over the games started in `[from, to)`. */
  route: endpoint({
    method: 'GET',
    path: '/api/tenants/:slug/analytics',
    access: 'tenant-staff',
    policy: 'staff',
    query: shape<AnalyticsQuery>(),
    response: shape<RouteAnalytics>(),
  }),
  /** The event report: the analytics, the final standings, and each team's steps and ledger. */
  report: endpoint({
    method: 'GET',
    path: '/api/tenants/:slug/analytics/report',
    access: 'tenant-staff',
    policy: 'staff',
    query: shape<AnalyticsQuery>(),
    response: shape<EventReport>(),
  }),
  /** The final standings only (the certificates): no team's steps or ledger. */
  standings: endpoint({
    method: 'GET',
    path: '/api/tenants/:slug/analytics/standings',
    access: 'tenant-staff',
    policy: 'staff',
    query: shape<AnalyticsQuery>(),
    response: shape<RouteStandings>(),
  }),
};
