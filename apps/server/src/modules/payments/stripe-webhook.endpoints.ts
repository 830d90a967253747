import { stripeWebhook, WebhookReceivedSchema } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { handleStripeWebhook } from './stripe-webhook.service';

/** Largest webhook body taken: Stripe's events are a few kilobytes. */
const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The route of `stripeWebhook` (`@tappa/contracts`): Stripe's webhook for each tenant's account
 * (decision 0044), at the URL the Payments tab shows: public, without cookie or CSRF header, and
 * taken only when signed with that tenant's secret. The signature covers the exact bytes, so this
 * plugin keeps every body raw (its own scope: the app's JSON parser stays for every other route).
 */
export const stripeWebhookEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'config' | 'access' | 'clock' | 'payments'>
> = async (app, { db, config, access, clock, payments }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );
  const serve = servesOn(app, access);

  serve(
    stripeWebhook.event,
    { response: WebhookReceivedSchema },
    { tags: ['payments'], hide: true },
    async ({ params, request }) => {
      const signature = request.headers['stripe-signature'];
      await handleStripeWebhook(
        { db, config, payments, logger: request.log, now: clock.now() },
        {
          tenantId: params.tenantId,
          payload: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: typeof signature === 'string' ? signature : null,
        },
      );
      return { received: true };
    },
  );
};
