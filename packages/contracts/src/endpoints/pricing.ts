import { endpoint, shape } from '../endpoint';
import type { PricingCreate, PricingListResponse, PricingRow } from '../routes';

const PRICING = '/api/tenants/:slug/routes/:routeId/pricing';

/** A route's price lists ('Gestione Listini'), managed by the tenant's staff. */
export const pricing = {
  /** The route's price list rows, newest period first. */
  list: endpoint({
    method: 'GET',
    path: PRICING,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<PricingListResponse>(),
  }),
  /** Adds a row to the route's price list. */
  add: endpoint({
    method: 'POST',
    path: PRICING,
    access: 'tenant-staff',
    policy: 'staff',
    body: shape<PricingCreate>(),
    response: shape<PricingRow>(),
    status: 201,
  }),
  /** Deletes a row of the route's price list. */
  remove: endpoint({
    method: 'DELETE',
    path: `${PRICING}/:pricingId`,
    access: 'tenant-staff',
    policy: 'staff',
    status: 204,
  }),
};
