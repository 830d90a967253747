import type {
  CheckoutRequestBody,
  CheckoutResponse,
  PaymentQuote,
  RoutePaymentStatus,
} from '../checkout';
import { endpoint, shape } from '../endpoint';

const ROUTE = '/api/play/:slug/routes/:routeSlug';

/**
 * A team's payment of a paid route (issue 17, decision 0044): the price with its discount code,
 * the Stripe Checkout Session on the tenant's account, and the payment's state on return.
 */
export const checkout = {
  /** The price the server computes now, with the discount of the code typed. */
  quote: endpoint({
    method: 'POST',
    path: `${ROUTE}/payment/quote`,
    access: 'player',
    body: shape<CheckoutRequestBody>(),
    response: shape<PaymentQuote>(),
  }),
  /** Opens the Stripe Checkout Session; answers its hosted page. */
  open: endpoint({
    method: 'POST',
    path: `${ROUTE}/checkout`,
    access: 'player',
    body: shape<CheckoutRequestBody>(),
    response: shape<CheckoutResponse>(),
  }),
  /** Where the team's latest payment for the route stands. */
  status: endpoint({
    method: 'GET',
    path: `${ROUTE}/payment`,
    access: 'player',
    response: shape<RoutePaymentStatus>(),
  }),
};
