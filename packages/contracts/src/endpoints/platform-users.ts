import { endpoint, shape } from '../endpoint';
import type {
  SuperadminUser,
  SuperadminUserActive,
  SuperadminUserCreate,
  SuperadminUserListResponse,
  SuperadminUserUpdate,
} from '../platform-users';

const USERS = '/api/platform/users';
const USER = `${USERS}/:userId`;

/** The superadmin's Manage Users panel: the platform's superadmin accounts. */
export const platformUsers = {
  /** Every superadmin account, newest first. */
  list: endpoint({
    method: 'GET',
    path: USERS,
    access: 'superadmin',
    response: shape<SuperadminUserListResponse>(),
  }),
  /** Creates a superadmin account. */
  create: endpoint({
    method: 'POST',
    path: USERS,
    access: 'superadmin',
    body: shape<SuperadminUserCreate>(),
    response: shape<SuperadminUser>(),
    status: 201,
  }),
  /** Sets an account's display name and maybe its password. */
  update: endpoint({
    method: 'PUT',
    path: USER,
    access: 'superadmin',
    body: shape<SuperadminUserUpdate>(),
    response: shape<SuperadminUser>(),
  }),
  /** Activates or deactivates an account. */
  setActive: endpoint({
    method: 'PATCH',
    path: `${USER}/active`,
    access: 'superadmin',
    body: shape<SuperadminUserActive>(),
    response: shape<SuperadminUser>(),
  }),
  /** Deletes a superadmin account. */
  remove: endpoint({ method: 'DELETE', path: USER, access: 'superadmin', status: 204 }),
};
