import { endpoint, shape } from '../endpoint';
import type { AnalyticsQuery, RouteAnalytics } from '../analytics';

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
};
