import type { CheckoutResponse, PaymentQuote, RoutePaymentStatus } from '@tappa/contracts';
import { apiPath, apiRequest } from '../lib/api-client';

/** URL of a route's payment action. */
function paymentPath(slug: string, routeSlug: string, ...rest: string[]): string {
  return apiPath('play', slug, 'routes', routeSlug, ...rest);
}

/** Query keys of a route's payment (the phone's query cache, `lib/query`). */
export const routePaymentKeys = {
  /** The price now, with the discount code applied (null: none). */
  quote: (slug: string, routeSlug: string, code: string | null) =>
    ['play', slug, 'route', routeSlug, 'quote', code] as const,
  /** The team's latest payment for the route. */
  status: (slug: string, routeSlug: string) =>
    ['play', slug, 'route', routeSlug, 'payment'] as const,
};

/** `POST …/payment/quote`: the price the server computes now, with the code's discount. */
export function quotePayment(
  slug: string,
  routeSlug: string,
  discountCode: string | null,
  signal?: AbortSignal,
): Promise<PaymentQuote> {
  return apiRequest<PaymentQuote>(paymentPath(slug, routeSlug, 'payment', 'quote'), {
    method: 'POST',
    body: { discount_code: discountCode },
    signal,
  });
}

/** `POST …/checkout`: opens the Stripe Checkout Session; answers its hosted page. */
export function openCheckout(
  slug: string,
  routeSlug: string,
  discountCode: string | null,
): Promise<CheckoutResponse> {
  return apiRequest<CheckoutResponse>(paymentPath(slug, routeSlug, 'checkout'), {
    method: 'POST',
    body: { discount_code: discountCode },
  });
}

/** `GET …/payment`: where the team's latest payment for the route stands. */
export function fetchRoutePayment(
  slug: string,
  routeSlug: string,
  signal?: AbortSignal,
): Promise<RoutePaymentStatus> {
  return apiRequest<RoutePaymentStatus>(paymentPath(slug, routeSlug, 'payment'), { signal });
}
