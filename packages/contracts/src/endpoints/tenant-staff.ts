import { endpoint, shape } from '../endpoint';
import type {
  StaffCreate,
  StaffCreateResponse,
  StaffListResponse,
  StaffMember,
  StaffUpdate,
} from '../tenant-staff';

const STAFF = '/api/tenants/:slug/staff';

/**
 * A tenant's Admin Users tab: its staff for every staff member to read; adding, changing and
 * removing for its tenant admins and the superadmin.
 */
export const tenantStaff = {
  /** The tenant's admins and game managers, by e-mail. */
  list: endpoint({
    method: 'GET',
    path: STAFF,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<StaffListResponse>(),
  }),
  /** Adds a staff member: a new account, or a role for an existing e-mail. */
  add: endpoint({
    method: 'POST',
    path: STAFF,
    access: 'tenant-staff',
    policy: 'admin',
    body: shape<StaffCreate>(),
    response: shape<StaffCreateResponse>(),
    status: 201,
  }),
  /** Changes a staff member. */
  update: endpoint({
    method: 'PUT',
    path: `${STAFF}/:staffId`,
    access: 'tenant-staff',
    policy: 'admin',
    body: shape<StaffUpdate>(),
    response: shape<StaffMember>(),
  }),
  /** Removes a staff member from the tenant. */
  remove: endpoint({
    method: 'DELETE',
    path: `${STAFF}/:staffId`,
    access: 'tenant-staff',
    policy: 'admin',
    status: 204,
  }),
};
