import Stripe from 'stripe';
import type {
  CheckoutRequest,
  CheckoutSession,
  PaymentAccount,
  PaymentEvent,
  PaymentGateway,
  Refund,
  RefundRequest,
} from './payment-gateway';
import { PaymentProviderError, PaymentWebhookError } from './payment-gateway';

/**
 * How far a delivery's signature time may be from the server's clock, either way (Stripe's own
 * default window): an older one is a replay, a later one was signed for a replay to come.
 */
const WEBHOOK_TOLERANCE_S = 300;

/** The signature time (`t=`) of a `Stripe-Signature` header, as Stripe's library reads it. */
function signedAtS(header: string): number | null {
  let timestamp: number | null = null;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    // The last `t=` counts, as in the library's own parser.
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp === null || Number.isNaN(timestamp) ? null : timestamp;
}

/** Where the Stripe API is: `https://api.stripe.com` unless a test points it at a stub. */
export interface StripeGatewayOptions {
  apiUrl: string | null;
}

function clientOptions(apiUrl: string | null): Stripe.StripeConfig {
  const base: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000 };
  if (apiUrl === null) return base;
  const url = new URL(apiUrl);
  return {
    ...base,
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
  };
}

function toSession(session: Stripe.Checkout.Session): CheckoutSession {
  const intent = session.payment_intent;
  return {
    id: session.id,
    url: session.url,
    status: session.status,
    paymentStatus: session.payment_status,
    amountTotal: session.amount_total,
    currency: session.currency,
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    clientReferenceId: session.client_reference_id,
    metadata: session.metadata ?? {},
  };
}

/** A provider error as the server's own, keeping Stripe's code and HTTP status. */
function providerError(error: unknown): PaymentProviderError {
  if (error instanceof Stripe.errors.StripeError) {
    return new PaymentProviderError(
      error.message,
      error.code ?? error.type,
      error.statusCode ?? null,
      {
        cause: error,
      },
    );
  }
  return new PaymentProviderError('The payment provider could not be reached', null, null, {
    cause: error,
  });
}

/**
 * The payment gateway on Stripe's official library: one client per tenant account (each tenant
 * has its own secret key), Checkout Sessions in euro with an idempotency key, refunds, and the
 * webhook signature check (`constructEvent` on the server's clock, with the replay window both
 * ways).
 */
export function createStripeGateway({ apiUrl }: StripeGatewayOptions): PaymentGateway {
  const clients = new Map<string, Stripe>();
  const clientFor = ({ secretKey }: PaymentAccount) => {
    let client = clients.get(secretKey);
    if (!client) {
      client = new Stripe(secretKey, clientOptions(apiUrl));
      clients.set(secretKey, client);
    }
    return client;
  };
  // Only for the signature check, which needs no account.
  const verifier = new Stripe('sk_verify_only', clientOptions(apiUrl));

  return {
    async createCheckoutSession(account, request: CheckoutRequest) {
      try {
        const session = await clientFor(account).checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'eur',
                  unit_amount: request.amountCents,
                  product_data: { name: request.productName },
                },
              },
            ],
            customer_email: request.customerEmail,
            client_reference_id: request.clientReferenceId,
            metadata: request.metadata,
            payment_intent_data: { metadata: request.metadata },
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return toSession(session);
      } catch (error) {
        throw providerError(error);
      }
    },

    async retrieveCheckoutSession(account, sessionId) {
      try {
        return toSession(await clientFor(account).checkout.sessions.retrieve(sessionId));
      } catch (error) {
        throw providerError(error);
      }
    },

    async refund(account, request: RefundRequest): Promise<Refund> {
      try {
        const refund = await clientFor(account).refunds.create(
          {
            payment_intent: request.paymentIntentId,
            ...(request.amountCents === undefined ? {} : { amount: request.amountCents }),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return { id: refund.id, amountCents: refund.amount, status: refund.status };
      } catch (error) {
        throw providerError(error);
      }
    },

    verifyWebhook(payload, signature, signingSecret, nowMs): PaymentEvent {
      let event: Stripe.Event;
      try {
        // The library checks the signature and the age against our clock, not its own.
        event = verifier.webhooks.constructEvent(
          payload,
          signature,
          signingSecret,
          WEBHOOK_TOLERANCE_S,
          undefined,
          nowMs,
        );
      } catch (error) {
        throw new PaymentWebhookError('The webhook signature does not check out', { cause: error });
      }
      // It never looks ahead: a signature time past the window is refused like a stale one.
      const signedAt = signedAtS(signature);
      if (signedAt === null || signedAt - Math.floor(nowMs / 1000) > WEBHOOK_TOLERANCE_S) {
        throw new PaymentWebhookError('The webhook signature does not check out');
      }
      return { id: event.id, type: event.type, object: event.data.object };
    },
  };
}
