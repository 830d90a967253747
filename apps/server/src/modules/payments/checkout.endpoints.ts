import {
  checkout,
  type CheckoutRequestBody,
  CheckoutRequestSchema,
  CheckoutResponseSchema,
  PaymentQuoteSchema,
  RoutePaymentStatusSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import type { PlayerAccess } from '../access/access';
import { servesOn } from '../access/serve';
import { openCheckout, quoteRoutePayment, readRoutePayment } from './checkout.service';

const tags = ['play', 'payments'];

/**
 * The routes of `checkout` (`@tappa/contracts`): a team's payment of a paid route (issue 17,
 * decision 0044), the price with its discount code, the Stripe Checkout Session on the tenant's
 * account, and the payment's state on return.
 */
export const checkoutEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'config' | 'access' | 'clock' | 'payments'>
> = async (app, { db, config, access, clock, payments }) => {
  const serve = servesOn(app, access);
  /** The team's request as the service takes it: the route, now, and the code it typed. */
  const paymentRequest = (
    caller: PlayerAccess,
    params: { routeSlug: string },
    body: CheckoutRequestBody,
  ) => ({
    routeSlug: params.routeSlug,
    now: clock.now(),
    timeZone: caller.tenant.time_zone,
    discountCode: body.discount_code ?? null,
  });

  serve(
    checkout.quote,
    { body: CheckoutRequestSchema, response: PaymentQuoteSchema },
    { tags },
    ({ caller, params, body }) =>
      quoteRoutePayment(
        { db, config, payments },
        caller.scope,
        paymentRequest(caller, params, body),
      ),
  );

  serve(
    checkout.open,
    { body: CheckoutRequestSchema, response: CheckoutResponseSchema },
    { tags },
    ({ caller, params, body }) =>
      openCheckout({ db, config, payments }, caller.scope, {
        ...paymentRequest(caller, params, body),
        email: caller.email,
      }),
  );

  serve(checkout.status, { response: RoutePaymentStatusSchema }, { tags }, ({ caller, params }) =>
    readRoutePayment(db, caller.scope, { routeSlug: params.routeSlug, email: caller.email }),
  );
};
