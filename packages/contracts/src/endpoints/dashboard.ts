import { endpoint, shape } from '../endpoint';
import type { TenantDashboard } from '../tenants';

/** A tenant's dashboard. */
export const dashboard = {
  /** The three stat cards: routes, registered teams, and those that played this week. */
  read: endpoint({
    method: 'GET',
    path: '/api/tenants/:slug/dashboard',
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<TenantDashboard>(),
  }),
};
