import { endpoint, shape } from '../endpoint';
import type { OrphanUserListResponse } from '../orphan-users';

const ORPHANS = '/api/platform/orphan-users';

/** The superadmin's Orphan Users panel: accounts left without a tenant or a role. */
export const orphanUsers = {
  /** The accounts with no tenant and no role, newest first. */
  list: endpoint({
    method: 'GET',
    path: ORPHANS,
    access: 'superadmin',
    response: shape<OrphanUserListResponse>(),
  }),
  /** Deletes an orphan account (refused when it is no orphan any more). */
  remove: endpoint({
    method: 'DELETE',
    path: `${ORPHANS}/:orphanId`,
    access: 'superadmin',
    status: 204,
  }),
};
