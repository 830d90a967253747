import {
  checkout,
  type CheckoutResponse,
  type PaymentQuote,
  type RoutePaymentStatus,
} from '@tappa/contracts';
import { apiCall } from '../lib/api-client';

/** Query keys of a route's payment (the phone's query cache, `lib/query`). */
export const routePaymentKeys = {
  /** The price now, with the discount code applied (null: none). */
  quote: (slug: string, routeSlug: string, code: string | null) =>
    ['play', slug, 'route', routeSlug, 'quote', code] as const,
  /** The team's latest payment for the route. */
  status: (slug: string, routeSlug: string) =>
    ['play', slug, 'route', routeSlug, 'payment'] as const,
};

/** The price the server computes now, with the code's discount. */
export function quotePayment(
  slug: string,
  routeSlug: string,
  discountCode: string | null,
  signal?: AbortSignal,
): Promise<PaymentQuote> {
  const body = { discount_code: discountCode };
  return apiCall(checkout.quote, { params: { slug, routeSlug }, body, signal });
}

/** Opens the Stripe Checkout Session; answers its hosted page. */
export function openCheckout(
  slug: string,
  routeSlug: string,
  discountCode: string | null,
): Promise<CheckoutResponse> {
  const body = { discount_code: discountCode };
  return apiCall(checkout.open, { params: { slug, routeSlug }, body });
}

/** Where the team's latest payment for the route stands. */
export function fetchRoutePayment(
  slug: string,
  routeSlug: string,
  signal?: AbortSignal,
): Promise<RoutePaymentStatus> {
  return apiCall(checkout.status, { params: { slug, routeSlug }, signal });
}
