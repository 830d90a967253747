import { endpoint, shape } from '../endpoint';
import type { TeamErasure, TenantTeamDetail } from '../tenant-players';

const TEAM = '/api/tenants/:slug/players/:teamId';

/**
 * A registered team seen by the tenant's staff (decision 0034): its detail with its games, read
 * by every staff member, and the erasure of its data on request, by its admins only.
 */
export const teamRecords = {
  /** A registered team and its games. */
  detail: endpoint({
    method: 'GET',
    path: TEAM,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<TenantTeamDetail>(),
  }),
  /**
   * Everything kept about the team, as a JSON file (`TeamExport`): its access request (decision
   * 0086).
   */
  export: endpoint({
    method: 'GET',
    path: `${TEAM}/export`,
    access: 'tenant-staff',
    policy: 'admin',
  }),
  /** Erases a team's data on its request. */
  erase: endpoint({
    method: 'DELETE',
    path: TEAM,
    access: 'tenant-staff',
    policy: 'admin',
    response: shape<TeamErasure>(),
  }),
};
