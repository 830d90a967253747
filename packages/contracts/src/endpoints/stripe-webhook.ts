import { endpoint, shape } from '../endpoint';
import type { WebhookReceived } from '../payments';

/** Stripe's webhook for each tenant's account (decision 0044), at the URL the Payments tab shows. */
export const stripeWebhook = {
  /** An event of the tenant's Stripe account, taken only when signed with its secret (raw body). */
  event: endpoint({
    method: 'POST',
    path: '/api/payments/stripe/webhook/:tenantId',
    access: 'signed-webhook',
    response: shape<WebhookReceived>(),
  }),
};
