import type { RoutePayment } from '@tappa/contracts';
import { formatEuroAmount, formatInstant } from '@tappa/domain';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { TIME_ZONE_COLUMN, toCsv } from '../../infra/csv';
import { PaymentProviderError } from '../../infra/payments/payment-gateway';
import { type AuditActor, forgetTargetLabels, recordAudit } from '../audit/audit.service';
import { findRegistration, markRegistrationRefunded } from '../players/players.service';
import { requireRoute } from '../routes/routes.service';
import type { CheckoutDeps } from './checkout.service';
import { readStripeSecrets } from './payment-settings.service';
import type { PaymentRow } from './payments.repository';
import {
  anonymisePaymentRows,
  findRoutePayment,
  isOnlyRefunded,
  listRoutePaymentRows,
  setPaymentRefunded,
} from './route-payments.repository';

const CSV_COLUMNS = [
  'Team Name',
  'Email',
  'List Price (EUR)',
  'Amount (EUR)',
  'Discount Code',
  'Status',
  'Refunded (EUR)',
  'Created At',
  'Completed At',
  TIME_ZONE_COLUMN,
];

/** What the CSV says in place of the name of a team whose data was erased (decision 0057). */
const ERASED_TEAM = 'Erased team';

/** A payment row as the staff's list shows it (no name nor e-mail once the team is erased). */
function presentPayment(row: PaymentRow): RoutePayment {
  return {
    id: row.id,
    team_name: row.team_name,
    email: row.email,
    list_price_cents: row.list_price_cents,
    amount_cents: row.amount_cents,
    discount_code: row.discount_code,
    status: row.status,
    refunded_cents: row.refunded_cents,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
  };
}

/** The payments of the tenant's route `routeId`, newest first; 404 for another tenant's route. */
export async function listRoutePayments(
  db: Db,
  scope: TenantScope,
  routeId: string,
): Promise<RoutePayment[]> {
  const route = await requireRoute(db, scope, routeId);
  return (await listRoutePaymentRows(db, scope, route.id)).map(presentPayment);
}

/**
 * The route's payments as CSV (decision 0046): the list's columns, amounts in euro with a dot
 * (`12.99`), dates in it-IT in the tenant's time zone; file `{slug}-{route slug}-payments.csv`.
 * A route without payments gives the header row alone.
 */
export async function exportRoutePaymentsCsv(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; timeZone: string },
): Promise<{ csv: string; fileName: string }> {
  const route = await requireRoute(db, scope, opts.routeId);
  const when = (instant: Date) => formatInstant(instant, opts.timeZone, 'dateTime');
  const rows = await listRoutePaymentRows(db, scope, route.id);
  const csv = toCsv(
    CSV_COLUMNS,
    rows.map((r) => [
      r.team_name ?? ERASED_TEAM,
      r.email ?? '',
      formatEuroAmount(r.list_price_cents),
      formatEuroAmount(r.amount_cents),
      r.discount_code ?? '',
      r.status,
      formatEuroAmount(r.refunded_cents),
      when(r.created_at),
      r.completed_at ? when(r.completed_at) : '',
      opts.timeZone,
    ]),
  );
  return { csv, fileName: `${scope.slug}-${route.slug}-payments.csv` };
}

/** What a refund works with: checkout's parts, who asks, and when. */
export interface RefundDeps extends CheckoutDeps {
  actor: AuditActor;
  now: Date;
}

/** Asks Stripe for the whole refund; a retry with the same key gets the same refund back. */
async function refundAtStripe(
  deps: RefundDeps,
  scope: TenantScope,
  payment: PaymentRow & { payment_intent_id: string },
) {
  const secrets = await readStripeSecrets(deps, scope);
  if (secrets === null) throw new AppError('payments_not_connected');
  try {
    return await deps.payments.refund(
      { secretKey: secrets.secretKey },
      { paymentIntentId: payment.payment_intent_id, idempotencyKey: `refund:${payment.id}` },
    );
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      throw new AppError('payment_provider_failed', {}, { cause: error });
    }
    throw error;
  }
}

/**
 * Refunds a completed payment of the route in full through the tenant's Stripe account
 * (decision 0046). The idempotency key is the payment's id, so a retried request, or two staff
 * members clicking together, refund once; a payment already refunded answers as it is. Then, in
 * one transaction: the payment turns `refunded` with the refunded cents, the team's registration
 * owes the route again, and the audit log records who refunded. Only a completed payment with
 * its payment intent can be refunded (`payment_not_refundable`, nothing changes).
 */
export async function refundRoutePayment(
  deps: RefundDeps,
  scope: TenantScope,
  opts: { routeId: string; paymentId: string },
): Promise<RoutePayment> {
  const route = await requireRoute(deps.db, scope, opts.routeId);
  const payment = await findRoutePayment(deps.db, scope, opts);
  if (!payment) throw new AppError('payment_not_found');
  if (payment.status === 'refunded') return presentPayment(payment);
  const intentId = payment.payment_intent_id;
  if (payment.status !== 'completed' || intentId === null) {
    throw new AppError('payment_not_refundable');
  }
  const refund = await refundAtStripe(deps, scope, { ...payment, payment_intent_id: intentId });
  return deps.db.transaction(async (tx) => {
    const current = await findRoutePayment(tx, scope, { ...opts, lock: true });
    if (!current) throw new AppError('payment_not_found');
    // A parallel request recorded the same Stripe refund first.
    if (current.status === 'refunded') return presentPayment(current);
    const row = await setPaymentRefunded(tx, scope, {
      id: current.id,
      refundedCents: refund.amountCents,
    });
    // An erased team's payment has no registration left to owe the route again.
    if (current.registration_id !== null) {
      await markRegistrationRefunded(tx, scope, {
        registrationId: current.registration_id,
        routeId: route.id,
      });
    }
    await recordAudit(tx, {
      actor: deps.actor,
      action: 'payment.refund',
      target: { id: current.id, label: current.team_name },
      details: { route: route.title, amount_euro: formatEuroAmount(refund.amountCents) },
      now: deps.now,
    });
    return presentPayment(row);
  });
}

/**
 * Keeps the payments of a team being erased for the organiser's accounts, anonymised (decision
 * 0057): in the erasure's transaction, before its registration goes, they lose the registration,
 * the e-mail and the name, and the refunds' audit entries lose the name they were labelled with.
 * Amounts, status, route, code and dates stay, so they are still listed, exported and refundable.
 * Returns how many payments were kept.
 */
export async function anonymiseTeamPayments(
  tx: Db,
  scope: TenantScope,
  registrationId: string,
): Promise<number> {
  const ids = await anonymisePaymentRows(tx, scope, registrationId);
  await forgetTargetLabels(tx, { action: 'payment.refund', targetIds: ids });
  return ids.length;
}

/**
 * Whether the team's payment for the route was refunded (and it has not paid again): its games
 * of that route are not resumed (decision 0046).
 */
export async function wasRouteRefunded(
  db: Db,
  scope: TenantScope,
  opts: { email: string; routeId: string },
): Promise<boolean> {
  const registration = await findRegistration(db, scope, opts.email);
  if (!registration) return false;
  return isOnlyRefunded(db, scope, { registrationId: registration.id, routeId: opts.routeId });
}
