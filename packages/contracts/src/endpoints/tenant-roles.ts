import { endpoint, shape } from '../endpoint';
import type { TenantRoleGrant, TenantRoleListResponse } from '../tenant-roles';

const ROLES = '/api/platform/tenants/:id/roles';

/**
 * Roles across tenants: the superadmin gives an existing account a role in a tenant that is not
 * its own, changes it and takes it away.
 */
export const tenantRoles = {
  /** The accounts with a role in the tenant, by e-mail. */
  list: endpoint({
    method: 'GET',
    path: ROLES,
    access: 'superadmin',
    response: shape<TenantRoleListResponse>(),
  }),
  /** Gives an account (by e-mail) a role in the tenant, or changes it; answers the roles. */
  grant: endpoint({
    method: 'POST',
    path: ROLES,
    access: 'superadmin',
    body: shape<TenantRoleGrant>(),
    response: shape<TenantRoleListResponse>(),
  }),
  /** Takes an account's role in the tenant away. */
  remove: endpoint({
    method: 'DELETE',
    path: `${ROLES}/:userId`,
    access: 'superadmin',
    status: 204,
  }),
};
