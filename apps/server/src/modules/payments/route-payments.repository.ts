import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { payments } from '../../db/schema';
import type { TenantScope } from '../../db/scope';
import type { PaymentRow } from './payments.repository';

/** The route's payments, newest first (the index on tenant, route and creation serves it). */
export async function listRoutePaymentRows(
  db: Db,
  scope: TenantScope,
  routeId: string,
): Promise<PaymentRow[]> {
  return db
    .scoped(scope)
    .selectFrom(payments, eq(payments.route_id, routeId))
    .orderBy(desc(payments.created_at), desc(payments.id));
}

/** The tenant's payment `paymentId` of route `routeId`, locked when asked; null otherwise. */
export async function findRoutePayment(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; paymentId: string; lock?: boolean },
): Promise<PaymentRow | null> {
  const query = db
    .scoped(scope)
    .selectFrom(payments, and(eq(payments.id, opts.paymentId), eq(payments.route_id, opts.routeId)))
    .limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Records a whole refund: the payment turns `refunded` with the cents Stripe gave back. */
export async function setPaymentRefunded(
  db: Db,
  scope: TenantScope,
  opts: { id: string; refundedCents: number },
): Promise<PaymentRow> {
  const [row] = await db
    .scoped(scope)
    .update(
      payments,
      { status: 'refunded', refunded_cents: opts.refundedCents },
      eq(payments.id, opts.id),
    )
    .returning();
  if (!row) throw new Error(`payment ${opts.id} vanished while refunded`);
  return row;
}

/**
 * Whether the team's payments for the route were refunded and none is completed: the team
 * played a route it no longer paid for (decision 0046).
 */
export async function isOnlyRefunded(
  db: Db,
  scope: TenantScope,
  opts: { registrationId: string; routeId: string },
): Promise<boolean> {
  const rows = await db
    .scoped(scope)
    .select({ status: payments.status })
    .from(
      payments,
      and(eq(payments.registration_id, opts.registrationId), eq(payments.route_id, opts.routeId)),
    );
  const statuses = new Set(rows.map((row) => row.status));
  return statuses.has('refunded') && !statuses.has('completed');
}

/**
 * Anonymises the payments of the tenant's registration `registrationId` (decision 0057): they
 * stay with their amounts, status, route and dates, and name no team and no e-mail any more.
 * Returns their ids.
 */
export async function anonymisePaymentRows(
  db: Db,
  scope: TenantScope,
  registrationId: string,
): Promise<string[]> {
  const rows = await db
    .scoped(scope)
    .update(
      payments,
      { registration_id: null, email: null, team_name: null },
      eq(payments.registration_id, registrationId),
    )
    .returning({ id: payments.id });
  return rows.map((row) => row.id);
}
