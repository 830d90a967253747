import { endpoint, shape } from '../endpoint';
import type { TenantDetail, TenantListResponse } from '../tenants';

const PLATFORM = '/api/platform/tenants';

/** The superadmin's tenant management (a tenant's public face: `publicTenants`). */
export const tenants = {
  /** Every tenant, newest first. */
  list: endpoint({
    method: 'GET',
    path: PLATFORM,
    access: 'superadmin',
    response: shape<TenantListResponse>(),
  }),
  /** One tenant with every field. */
  detail: endpoint({
    method: 'GET',
    path: `${PLATFORM}/:id`,
    access: 'superadmin',
    response: shape<TenantDetail>(),
  }),
  /** Creates a tenant (multipart: its fields and images). */
  create: endpoint({
    method: 'POST',
    path: PLATFORM,
    access: 'superadmin',
    body: shape<FormData>(),
    response: shape<TenantDetail>(),
    status: 201,
  }),
  /** Changes a tenant (multipart: its fields and images). */
  update: endpoint({
    method: 'PUT',
    path: `${PLATFORM}/:id`,
    access: 'superadmin',
    body: shape<FormData>(),
    response: shape<TenantDetail>(),
  }),
  /** Deletes a tenant and everything it owns. */
  remove: endpoint({
    method: 'DELETE',
    path: `${PLATFORM}/:id`,
    access: 'superadmin',
    status: 204,
  }),
};
