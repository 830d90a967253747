import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { handleStripeWebhook } from './stripe-webhook.service';

/** Largest webhook body taken: Stripe's events are a few kilobytes. */
const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

const TenantParams = z.object({ tenantId: z.uuid() });

/**
 * Stripe's webhook for each tenant's account (decision 0044), at the URL the Payments tab shows:
 * public, without cookie or CSRF header, and taken only when signed with that tenant's secret.
 * The signature covers the exact bytes, so this plugin keeps every body raw (its own scope: the
 * app's JSON parser stays for every other route).
 */
export const stripeWebhookEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'config' | 'clock' | 'payments'>
> = async (app, { db, config, clock, payments }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/payments/stripe/webhook/:tenantId',
    {
      schema: { tags: ['payments'], params: TenantParams, hide: true },
      config: { access: 'signed-webhook' },
    },
    async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      await handleStripeWebhook(
        { db, config, payments, logger: request.log, now: clock.now() },
        {
          tenantId: request.params.tenantId,
          payload: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: typeof signature === 'string' ? signature : null,
        },
      );
      return reply.status(200).send({ received: true });
    },
  );
};
