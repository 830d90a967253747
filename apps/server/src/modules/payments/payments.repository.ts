import { and, count, desc, eq, inArray, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { paymentEvents, payments } from '../../db/schema';
import type { TenantScope } from '../../db/scope';
import type { TenantRowValues } from '../../db/scoped';

/** A team's payment row (one Checkout Session). */
export type PaymentRow = typeof payments.$inferSelect;

/** The payment of the tenant's Checkout Session `sessionId`, or null (another tenant's too). */
export async function findPaymentBySession(
  db: Db,
  scope: TenantScope,
  opts: { sessionId: string; lock?: boolean },
): Promise<PaymentRow | null> {
  const query = db
    .scoped(scope)
    .selectFrom(payments, eq(payments.checkout_session_id, opts.sessionId))
    .limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Records a new Checkout Session; a retried checkout that got the same session back from Stripe
 * (idempotency key) finds its row already there and inserts nothing.
 */
export async function insertPaymentOnce(
  db: Db,
  scope: TenantScope,
  values: TenantRowValues<typeof payments>,
): Promise<void> {
  await db
    .scoped(scope)
    .insert(payments, values)
    .onConflictDoNothing({ target: payments.checkout_session_id });
}

/** The team's latest payment for the route, or null before its first checkout. */
export async function findLatestPayment(
  db: Db,
  scope: TenantScope,
  opts: { registrationId: string; routeId: string },
): Promise<PaymentRow | null> {
  const [row] = await db
    .scoped(scope)
    .selectFrom(
      payments,
      and(eq(payments.registration_id, opts.registrationId), eq(payments.route_id, opts.routeId)),
    )
    .orderBy(desc(payments.created_at), desc(payments.id))
    .limit(1);
  return row ?? null;
}

/**
 * How many of the team's checkouts for the route are spent: failed, refunded, or still pending
 * from before `staleBefore` (their session and Stripe's idempotency key have expired). The count
 * only grows, so it names the team's next checkout attempt (decision 0045).
 */
export async function countSpentPayments(
  db: Db,
  scope: TenantScope,
  opts: { registrationId: string; routeId: string; staleBefore: Date },
): Promise<number> {
  const [row] = await db
    .scoped(scope)
    .select({ spent: count() })
    .from(
      payments,
      and(
        eq(payments.registration_id, opts.registrationId),
        eq(payments.route_id, opts.routeId),
        or(
          inArray(payments.status, ['failed', 'refunded']),
          and(eq(payments.status, 'pending'), lte(payments.created_at, opts.staleBefore)),
        ),
      ),
    );
  return row?.spent ?? 0;
}

/** Whether the team has a completed payment for the route. */
export async function hasCompletedPayment(
  db: Db,
  scope: TenantScope,
  opts: { registrationId: string; routeId: string },
): Promise<boolean> {
  const [row] = await db
    .scoped(scope)
    .select({ id: payments.id })
    .from(
      payments,
      and(
        eq(payments.registration_id, opts.registrationId),
        eq(payments.route_id, opts.routeId),
        eq(payments.status, 'completed'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Sets a payment's outcome as the webhook learnt it. */
export async function updatePaymentOutcome(
  db: Db,
  scope: TenantScope,
  opts: {
    id: string;
    status: PaymentRow['status'];
    paymentIntentId: string | null;
    completedAt: Date | null;
  },
): Promise<void> {
  await db.scoped(scope).update(
    payments,
    {
      status: opts.status,
      payment_intent_id: opts.paymentIntentId,
      completed_at: opts.completedAt,
    },
    eq(payments.id, opts.id),
  );
}

/**
 * Records that the tenant's event `eventId` is being applied; false when it already was (a
 * redelivery, or a parallel copy that committed first: the primary key decides).
 */
export async function recordPaymentEvent(
  db: Db,
  scope: TenantScope,
  event: { id: string; type: string },
): Promise<boolean> {
  const inserted = await db
    .scoped(scope)
    .insert(paymentEvents, { event_id: event.id, type: event.type })
    .onConflictDoNothing({ target: paymentEvents.event_id })
    .returning({ event_id: paymentEvents.event_id });
  return inserted.length > 0;
}
