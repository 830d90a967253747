import { endpoint, shape } from '../endpoint';
import type { TenantDetail } from '../tenants';

const BRAND = '/api/tenants/:slug/brand';

/**
 * A tenant's Brand tab (decision 0033): every staff member reads the tenant's fields; its tenant
 * admins and the superadmin change them.
 */
export const tenantBrand = {
  /** Every field of the tenant. */
  read: endpoint({
    method: 'GET',
    path: BRAND,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<TenantDetail>(),
  }),
  /** Saves the Brand tab (multipart: its fields and images), even while the tenant is off. */
  save: endpoint({
    method: 'PUT',
    path: BRAND,
    access: 'tenant-staff',
    policy: 'admin',
    body: shape<FormData>(),
    response: shape<TenantDetail>(),
  }),
};
