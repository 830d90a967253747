import { endpoint, shape } from '../endpoint';
import type { RoutePayment, RoutePaymentList } from '../route-payments';

const ROUTE = '/api/tenants/:slug/routes/:routeId';

/**
 * A route's payments for its staff (issue 17, decision 0046). Who paid is what the staff check
 * at the event, game managers included; giving money back is for the tenant admins and the
 * superadmin only, like the Stripe account it comes from.
 */
export const routePayments = {
  /** The route's payments, newest first. */
  list: endpoint({
    method: 'GET',
    path: `${ROUTE}/payments`,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<RoutePaymentList>(),
  }),
  /** The same payments as a CSV file. */
  csv: endpoint({
    method: 'GET',
    path: `${ROUTE}/payments.csv`,
    access: 'tenant-staff',
    policy: 'staff',
  }),
  /** Refunds a completed payment in full through the tenant's Stripe account. */
  refund: endpoint({
    method: 'POST',
    path: `${ROUTE}/payments/:paymentId/refund`,
    access: 'tenant-staff',
    policy: 'admin',
    response: shape<RoutePayment>(),
  }),
};
