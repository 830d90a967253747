import {
  CheckoutRequestSchema,
  CheckoutResponseSchema,
  PaymentQuoteSchema,
  RoutePaymentStatusSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { openCheckout, quoteRoutePayment, readRoutePayment } from './checkout.service';

const RouteSlug = z.object({ slug: z.string(), routeSlug: z.string() });

/**
 * A team's payment of a paid route (issue 17, decision 0044): the price with its discount code,
 * the Stripe Checkout Session on the tenant's account, and the payment's state on return.
 */
export const checkoutEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'config' | 'access' | 'clock' | 'payments'>
> = async (app, { db, config, access, clock, payments }) => {
  const base = '/api/play/:slug/routes/:routeSlug';
  const tags = ['play', 'payments'];
  const writeSchema = <T>(response: T) => ({
    tags,
    params: RouteSlug,
    body: CheckoutRequestSchema,
    response: { 200: response },
  });
  /** The team's request as the service takes it: the route, now, and the code it typed. */
  const paymentRequest = (
    timeZone: string,
    params: { routeSlug: string },
    body: { discount_code?: string | null },
  ) => ({
    routeSlug: params.routeSlug,
    now: clock.now(),
    timeZone,
    discountCode: body.discount_code ?? null,
  });

  app.post(
    `${base}/payment/quote`,
    {
      schema: writeSchema(PaymentQuoteSchema),
      config: { access: 'player' },
    },
    async (request) => {
      const { tenant, scope } = await access.requirePlayer(request, request.params.slug);
      return quoteRoutePayment(
        { db, config, payments },
        scope,
        paymentRequest(tenant.time_zone, request.params, request.body),
      );
    },
  );

  app.post(
    `${base}/checkout`,
    {
      schema: writeSchema(CheckoutResponseSchema),
      config: { access: 'player' },
    },
    async (request) => {
      const { tenant, scope, email } = await access.requirePlayer(request, request.params.slug);
      return openCheckout({ db, config, payments }, scope, {
        ...paymentRequest(tenant.time_zone, request.params, request.body),
        email,
      });
    },
  );

  app.get(
    `${base}/payment`,
    {
      schema: { tags, params: RouteSlug, response: { 200: RoutePaymentStatusSchema } },
      config: { access: 'player' },
    },
    async (request) => {
      const { scope, email } = await access.requirePlayer(request, request.params.slug);
      return readRoutePayment(db, scope, { routeSlug: request.params.routeSlug, email });
    },
  );
};
