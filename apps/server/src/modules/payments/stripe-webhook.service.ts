import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/db';
import { PLATFORM_SCOPE, type TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import {
  type PaymentEvent,
  type PaymentGateway,
  PaymentWebhookError,
} from '../../infra/payments/payment-gateway';
import { markRegistrationPaid } from '../players/players.service';
import { findTenantById } from '../tenants/tenants.service';
import { readStripeSecrets } from './payment-settings.service';
import { type ReceiptTenant, sendPaymentReceipt } from './payment-receipt';
import {
  findPaymentBySession,
  type PaymentRow,
  recordPaymentEvent,
  updatePaymentOutcome,
} from './payments.repository';

/** What the webhook works with. */
export interface WebhookDeps {
  db: Db;
  config: AppConfig;
  payments: PaymentGateway;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now: Date;
}

/** A delivery as it arrived: the tenant of its URL, its raw body and its signature header. */
export interface WebhookDelivery {
  tenantId: string;
  payload: Buffer;
  signature: string | null;
}

/** What an event does to a payment; `null`: nothing (still recorded as seen). */
type Outcome = 'completed' | 'failed' | null;

/** The part of a Checkout Session the webhook reads, checked (the event's object is untyped). */
interface SessionFacts {
  id: string;
  paymentStatus: string | null;
  paymentIntentId: string | null;
  metadataTenantId: string | null;
}

const refuse = (message: string) => new AppError('payment_webhook_refused', {}, { message });

const textField = (value: unknown) => (typeof value === 'string' ? value : null);

/** The session of a `checkout.session.*` event, or a refusal when its object is not one. */
function readSession(object: unknown): SessionFacts {
  if (typeof object !== 'object' || object === null) throw refuse('The event carries no session');
  const session = object as Record<string, unknown>;
  const id = textField(session.id);
  if (id === null) throw refuse('The event carries no session id');
  const intent = session.payment_intent;
  const metadata = session.metadata;
  return {
    id,
    paymentStatus: textField(session.payment_status),
    paymentIntentId:
      textField(intent) ??
      (typeof intent === 'object' && intent !== null
        ? textField((intent as Record<string, unknown>).id)
        : null),
    metadataTenantId:
      typeof metadata === 'object' && metadata !== null
        ? textField((metadata as Record<string, unknown>).tenant_id)
        : null,
  };
}

/** The outcome of a handled event type for its session, or undefined for a type not handled. */
function outcomeOf(type: string, session: SessionFacts): Outcome | undefined {
  switch (type) {
    case 'checkout.session.completed':
      // A delayed payment method completes the session unpaid: the async events decide later.
      return session.paymentStatus === 'paid' ? 'completed' : null;
    case 'checkout.session.async_payment_succeeded':
      return 'completed';
    case 'checkout.session.async_payment_failed':
      return 'failed';
    default:
      return undefined;
  }
}

/** The tenant of the URL with its scope and signing secret; refused when it has no Stripe. */
async function webhookTenant(
  deps: WebhookDeps,
  tenantId: string,
): Promise<{ tenant: ReceiptTenant; signingSecret: string }> {
  // The URL names the tenant by id (Stripe calls without any session): looked up platform-wide.
  const tenant = await findTenantById(deps.db, PLATFORM_SCOPE, tenantId);
  if (!tenant) throw refuse('Unknown tenant');
  const scope: TenantScope = {
    kind: 'tenant',
    tenantId: tenant.id,
    slug: tenant.slug,
    role: 'player',
  };
  const secrets = await readStripeSecrets(deps, scope);
  if (secrets === null) throw refuse('The tenant has no Stripe account connected');
  return {
    tenant: { scope, name: tenant.name, timeZone: tenant.time_zone },
    signingSecret: secrets.webhookSecret,
  };
}

/**
 * Applies `outcome` to the payment and, when completed, to the team's registration. Returns the
 * payment as completed when this call completed it (the row is locked: one call per payment
 * ever does), else null.
 */
async function applyOutcome(
  tx: Db,
  scope: TenantScope,
  opts: { payment: PaymentRow; outcome: 'completed' | 'failed'; session: SessionFacts; now: Date },
): Promise<PaymentRow | null> {
  const { payment, outcome, session } = opts;
  // A payment the webhook already completed (or staff refunded) is never turned back.
  if (payment.status === 'completed' || payment.status === 'refunded') return null;
  const changes = {
    status: outcome,
    payment_intent_id: session.paymentIntentId ?? payment.payment_intent_id,
    completed_at: outcome === 'completed' ? opts.now : null,
  };
  await updatePaymentOutcome(tx, scope, {
    id: payment.id,
    status: changes.status,
    paymentIntentId: changes.payment_intent_id,
    completedAt: changes.completed_at,
  });
  // An erased team's checkout still completes (the money arrived) but has no registration.
  if (outcome === 'completed' && payment.route_id !== null && payment.registration_id !== null) {
    await markRegistrationPaid(tx, scope, {
      registrationId: payment.registration_id,
      routeId: payment.route_id,
      amountCents: payment.amount_cents,
    });
  }
  return outcome === 'completed' ? { ...payment, ...changes } : null;
}

/**
 * Handles one delivery of a tenant's Stripe webhook (decision 0044): the signature is checked
 * with THAT tenant's signing secret (with Stripe's 5-minute replay window, both ways, on the
 * server's clock), the session must be a payment of that tenant with the tenant in its metadata,
 * and the event applies once per event id: the event row is inserted in the transaction that
 * applies it, so a redelivered or parallel copy changes nothing. Anything refused throws `payment_webhook_refused` and changes nothing.
 */
export async function handleStripeWebhook(
  deps: WebhookDeps,
  delivery: WebhookDelivery,
): Promise<void> {
  const { tenant, signingSecret } = await webhookTenant(deps, delivery.tenantId);
  const { scope } = tenant;
  if (delivery.signature === null) throw refuse('The delivery is not signed');
  let event: PaymentEvent;
  try {
    event = deps.payments.verifyWebhook(
      delivery.payload,
      delivery.signature,
      signingSecret,
      deps.now.getTime(),
    );
  } catch (error) {
    if (error instanceof PaymentWebhookError) throw refuse(error.message);
    throw error;
  }
  const session = event.type.startsWith('checkout.session.') ? readSession(event.object) : null;
  // Every handled type is a `checkout.session.*` event.
  const outcome = session ? outcomeOf(event.type, session) : undefined;
  const payment = session
    ? await findPaymentBySession(deps.db, scope, { sessionId: session.id })
    : null;
  if (outcome !== undefined) {
    // The session must be this tenant's: its payment row here, and the tenant in its metadata.
    if (session === null || payment === null || session.metadataTenantId !== scope.tenantId) {
      throw refuse('The session is not a payment of this tenant');
    }
  }
  const { applied, completed } = await deps.db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, scope, event))) return { applied: false, completed: null };
    let completed: PaymentRow | null = null;
    if (outcome && payment && session) {
      const current = await findPaymentBySession(tx, scope, { sessionId: session.id, lock: true });
      if (current) {
        const apply = { payment: current, outcome, session, now: deps.now };
        completed = await applyOutcome(tx, scope, apply);
      }
    }
    return { applied: true, completed };
  });
  if (applied) {
    deps.logger.info(
      {
        tenantId: scope.tenantId,
        eventId: event.id,
        eventType: event.type,
        paymentId: payment?.id ?? null,
        outcome: outcome ?? 'ignored',
      },
      'Stripe webhook event applied',
    );
  }
  // After the commit, by the one delivery that completed the payment (decision 0047).
  if (completed) await sendPaymentReceipt(deps, tenant, { payment: completed, now: deps.now });
}
