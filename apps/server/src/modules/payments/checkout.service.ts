import { createHash } from 'node:crypto';
import type { CheckoutResponse, PaymentQuote, RoutePaymentStatus } from '@tappa/contracts';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { type PaymentGateway, PaymentProviderError } from '../../infra/payments/payment-gateway';
import { findRegistration } from '../players/players.service';
import { quoteRoutePrice } from '../pricing/pricing.service';
import { requireActiveRoute, requirePlayableRoute, type RouteRow } from '../routes/routes.service';
import { readStripeSecrets } from './payment-settings.service';
import {
  countSpentPayments,
  findLatestPayment,
  findPaymentBySession,
  hasCompletedPayment,
  insertPaymentOnce,
} from './payments.repository';

/** What checkout works with: the database, the public URL, and the payment provider. */
export interface CheckoutDeps {
  db: Db;
  config: AppConfig;
  payments: PaymentGateway;
}

/** The team's request: which route, when, in the tenant's time zone, with which code. */
interface PaymentRequest {
  routeSlug: string;
  now: Date;
  timeZone: string;
  discountCode: string | null;
}

/** The tenant's paid route that can be played now (the route choice's own refusals). */
async function requirePayableRoute(db: Db, scope: TenantScope, opts: PaymentRequest) {
  const route = await requirePlayableRoute(db, scope, opts.routeSlug, opts.now);
  if (route.access_type !== 'paid') throw new AppError('route_without_price');
  return route;
}

/** The price now, computed on the server with the code (decision 0044), or the refusal. */
async function priceNow(db: Db, scope: TenantScope, route: RouteRow, opts: PaymentRequest) {
  const quote = await quoteRoutePrice(db, scope, { routeId: route.id, ...opts });
  switch (quote.kind) {
    case 'no_price':
      throw new AppError('route_without_price');
    case 'code_invalid':
      throw new AppError('discount_code_invalid');
    case 'priced':
      return quote;
  }
}

/** The payment page's figures: list price, the code's discount, total, and whether Stripe is on. */
export async function quoteRoutePayment(
  deps: CheckoutDeps,
  scope: TenantScope,
  opts: PaymentRequest,
): Promise<PaymentQuote> {
  const route = await requirePayableRoute(deps.db, scope, opts);
  const quote = await priceNow(deps.db, scope, route, opts);
  const { discount } = quote;
  return {
    route_id: route.id,
    route_title: route.title,
    list_price_cents: quote.listPriceCents,
    total_cents: quote.totalCents,
    code_price_cents: quote.codePriceCents,
    discount: discount && {
      code: discount.code,
      type: discount.type,
      percentage: discount.percentage,
      amount_off_cents: discount.amountOffCents,
    },
    payments_connected: (await readStripeSecrets(deps, scope)) !== null,
  };
}

/** A Checkout Session expires after 24 hours, and Stripe keeps an idempotency key as long. */
const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The payment's id, derived from the tenant and the idempotency key: a retried checkout sends
 * Stripe the very same request (metadata included), which Stripe answers with the same session.
 */
function paymentIdFor(tenantId: string, idempotencyKey: string): string {
  const hex = createHash('sha256').update(`${tenantId}\n${idempotencyKey}`).digest('hex');
  // Shaped as a name-based (version 5, RFC 4122 variant) UUID.
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Opens a Stripe Checkout Session for the team's paid route on the tenant's own account, at the
 * price the server computes now (decision 0044), and records it as a pending payment. The
 * idempotency key names the registration, route, amount, code and attempt: a retried request
 * gets the same session back and finds its payment row, so nothing is recorded twice; after a
 * failed, refunded or expired checkout the attempt moves on and opens a new session (0045).
 */
export async function openCheckout(
  deps: CheckoutDeps,
  scope: TenantScope,
  opts: PaymentRequest & { email: string },
): Promise<CheckoutResponse> {
  const { db, config } = deps;
  const route = await requirePayableRoute(db, scope, opts);
  const secrets = await readStripeSecrets(deps, scope);
  if (secrets === null) throw new AppError('payments_not_connected');
  const registration = await findRegistration(db, scope, opts.email);
  if (!registration) throw new AppError('registration_not_found');
  const paidFor = { registrationId: registration.id, routeId: route.id };
  if (await hasCompletedPayment(db, scope, paidFor)) throw new AppError('conflict');
  const quote = await priceNow(db, scope, route, opts);
  const code = quote.discount?.code ?? null;
  const attempt = await countSpentPayments(db, scope, {
    ...paidFor,
    staleBefore: new Date(opts.now.getTime() - SESSION_LIFETIME_MS),
  });
  const idempotencyKey = `checkout:${registration.id}:${route.id}:${quote.totalCents}:${code ?? '-'}:${attempt}`;
  const paymentId = paymentIdFor(scope.tenantId, idempotencyKey);
  const back = `${config.publicUrl}/${scope.slug}/${route.slug}/payment`;
  let session;
  try {
    session = await deps.payments.createCheckoutSession(
      { secretKey: secrets.secretKey },
      {
        amountCents: quote.totalCents,
        productName: route.title,
        customerEmail: registration.email,
        successUrl: `${back}?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${back}?cancelled=1`,
        clientReferenceId: paymentId,
        metadata: {
          tenant_id: scope.tenantId,
          registration_id: registration.id,
          route_id: route.id,
          payment_id: paymentId,
        },
        idempotencyKey,
      },
    );
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      throw new AppError('payment_provider_failed', {}, { cause: error });
    }
    throw error;
  }
  await insertPaymentOnce(db, scope, {
    id: paymentId,
    registration_id: registration.id,
    route_id: route.id,
    email: registration.email,
    team_name: registration.team_name,
    list_price_cents: quote.listPriceCents,
    amount_cents: quote.totalCents,
    discount_code: code,
    checkout_session_id: session.id,
  });
  const recorded = await findPaymentBySession(db, scope, { sessionId: session.id });
  // Only a session Stripe opened anew for a key whose earlier payment is on record lands here.
  if (recorded === null || session.url === null) throw new AppError('conflict');
  return { checkout_url: session.url };
}

/** The team's latest payment for the route: what the payment page polls after Stripe. */
export async function readRoutePayment(
  db: Db,
  scope: TenantScope,
  opts: { routeSlug: string; email: string },
): Promise<RoutePaymentStatus> {
  const route = await requireActiveRoute(db, scope, opts.routeSlug);
  const registration = await findRegistration(db, scope, opts.email);
  const payment = registration
    ? await findLatestPayment(db, scope, { registrationId: registration.id, routeId: route.id })
    : null;
  return payment
    ? { status: payment.status, amount_cents: payment.amount_cents }
    : { status: 'none', amount_cents: null };
}

/**
 * Whether the team paid for the route: a completed payment and its registration completed for
 * that route (the route choice then starts the game as for a free route).
 */
export async function hasPaidForRoute(
  db: Db,
  scope: TenantScope,
  opts: { email: string; routeId: string },
): Promise<boolean> {
  const registration = await findRegistration(db, scope, opts.email);
  if (registration?.payment_status !== 'completed' || registration.route_id !== opts.routeId) {
    return false;
  }
  return hasCompletedPayment(db, scope, { registrationId: registration.id, routeId: opts.routeId });
}
