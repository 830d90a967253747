import { PAYMENT_MODES } from '@tappa/contracts';
import { sql } from 'drizzle-orm';
import { check, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { tenants } from './tenants';
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
