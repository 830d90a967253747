import { CHECKOUT_PAYMENT_STATUSES, PAYMENT_MODES } from '@tappa/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { teamRegistrations } from './players';
import { routes } from './routes';
import { tenantOwner, tenants } from './tenants';
import { users } from './users';

/**
 * The Stripe account a tenant's teams pay into (decision 0043): one row per tenant, deleted with
 * it. Both secrets are sealed with the platform's settings key (settings-cipher.ts) and never
 * leave the server; `secret_key_hint` (`sk_test_…4242`) and `mode` are what the settings show.
 */
export const tenantPaymentSettings = pgTable(
  'tenant_payment_settings',
  {
    tenant_id: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    stripe_secret_key: text('stripe_secret_key').notNull(),
    stripe_webhook_secret: text('stripe_webhook_secret').notNull(),
    secret_key_hint: text('secret_key_hint').notNull(),
    mode: text('mode', { enum: PAYMENT_MODES }).notNull(),
    updated_at: updatedAt(),
    // Who connected the account; kept as null when that account is deleted.
    updated_by: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('tenant_payment_settings_mode_check', sql`${t.mode} in ('test', 'live')`)],
);

/**
 * One Checkout Session a team opened for a paid route (decision 0044): the amount the server
 * computed, the code it took, and what the signed webhook later said. `email`, `team_name` and
 * `route_id` are snapshots for the staff's payments list, which outlives a renamed team. A team's
 * erasure keeps its payments for the organiser's accounts, anonymised: registration, e-mail and
 * name null (decision 0057).
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    tenant_id: tenantOwner(),
    registration_id: uuid('registration_id').references(() => teamRegistrations.id, {
      onDelete: 'set null',
    }),
    route_id: uuid('route_id').references(() => routes.id, { onDelete: 'set null' }),
    email: text('email'),
    team_name: text('team_name'),
    list_price_cents: integer('list_price_cents').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    discount_code: text('discount_code'),
    checkout_session_id: text('checkout_session_id').notNull().unique(),
    payment_intent_id: text('payment_intent_id'),
    status: text('status', { enum: CHECKOUT_PAYMENT_STATUSES }).notNull().default('pending'),
    refunded_cents: integer('refunded_cents').notNull().default(0),
    created_at: createdAt(),
    completed_at: timestamptz('completed_at'),
    updated_at: updatedAt(),
  },
  (t) => [
    index('payments_tenant_route_created_idx').on(t.tenant_id, t.route_id, t.created_at),
    check(
      'payments_status_check',
      sql`${t.status} in ('pending', 'completed', 'failed', 'refunded')`,
    ),
    check('payments_amounts_check', sql`${t.amount_cents} >= 0 and ${t.refunded_cents} >= 0`),
  ],
);

/**
 * The Stripe events a tenant's webhook applied, by Stripe's event id: inserted in the same
 * transaction as the event's effect, so a redelivered or parallel copy of an event applies once.
 */
export const paymentEvents = pgTable('payment_events', {
  event_id: text('event_id').primaryKey(),
  tenant_id: tenantOwner(),
  type: text('type').notNull(),
  received_at: timestamptz('received_at').notNull().defaultNow(),
});
