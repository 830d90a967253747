/** A tenant's own Stripe account, as its settings hold it (decrypted only to make a call). */
export interface PaymentAccount {
  secretKey: string;
}

/** What a team is asked to pay, in a Checkout Session on the tenant's account. */
export interface CheckoutRequest {
  /** Euro cents, computed by the server with the pricing rule (never from the browser). */
  amountCents: number;
  /** The route's title: the line the team sees on Stripe's page and on its receipt. */
  productName: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** The team registration paid for: how the webhook finds it again. */
  clientReferenceId: string;
  metadata: Record<string, string>;
  /** One per registration and price: a retried request creates no second session. */
  idempotencyKey: string;
}

/** The part of a Checkout Session the server reads. */
export interface CheckoutSession {
  id: string;
  /** Stripe's hosted payment page, while the session is open. */
  url: string | null;
  /** `open`, `complete` or `expired` (Stripe may add others). */
  status: string | null;
  /** `paid`, `unpaid` or `no_payment_required`: only `paid` confirms a payment. */
  paymentStatus: string;
  amountTotal: number | null;
  currency: string | null;
  paymentIntentId: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
}

/** A refund of a payment, whole or in part. */
export interface RefundRequest {
  paymentIntentId: string;
  /** Euro cents; the whole payment when absent. */
  amountCents?: number;
  idempotencyKey: string;
}

export interface Refund {
  id: string;
  amountCents: number;
  status: string | null;
}

/** A webhook event whose signature checked out. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** The event's object: a Checkout Session for the events the server handles. */
  object: unknown;
}

/** The signature of a webhook delivery is missing, wrong, too old or too far ahead (a replay). */
export class PaymentWebhookError extends Error {
  override readonly name = 'PaymentWebhookError';
}

/** The payment provider failed or refused a call; `code` is the provider's, when it gave one. */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
  constructor(
    message: string,
    readonly code: string | null,
    readonly status: number | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * The calls the server makes to the payment provider, on the tenant's own account. Stripe in
 * production (`stripe.gateway.ts`); the tests run the same implementation against a local stub.
 */
export interface PaymentGateway {
  createCheckoutSession(
    account: PaymentAccount,
    request: CheckoutRequest,
  ): Promise<CheckoutSession>;
  retrieveCheckoutSession(account: PaymentAccount, sessionId: string): Promise<CheckoutSession>;
  refund(account: PaymentAccount, request: RefundRequest): Promise<Refund>;
  /**
   * Checks a delivery's signature with the tenant's signing secret, and that it was signed within
   * the tolerance of `nowMs` (the server's clock) either way; throws `PaymentWebhookError`.
   */
  verifyWebhook(
    payload: string | Buffer,
    signature: string,
    signingSecret: string,
    nowMs: number,
  ): PaymentEvent;
}
