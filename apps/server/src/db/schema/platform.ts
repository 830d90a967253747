import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** Identifier of the single row of the platform-wide tables. */
export const PLATFORM_ROW_ID = 'platform';

/** The platform brand (one row, fixed identifier): logos and colours shown across tenants. */
export const superadminBrand = pgTable(
  'superadmin_brand',
  {
    id: text('id').primaryKey().default(PLATFORM_ROW_ID),
    logo_url: text('logo_url'),
    favicon_url: text('favicon_url'),
    footer_logo_url: text('footer_logo_url'),
    primary_color: text('primary_color').notNull().default('#3B82F6'),
    secondary_color: text('secondary_color').notNull().default('#10B981'),
    updated_at: updatedAt(),
  },
  (t) => [check('superadmin_brand_single_row', sql`${t.id} = 'platform'`)],
);

/** E-mail sending settings (one row): the SMTP2GO key and the verified sender. */
export const emailSettings = pgTable(
  'email_settings',
  {
    id: text('id').primaryKey().default(PLATFORM_ROW_ID),
    smtp2go_api_key: text('smtp2go_api_key'),
    sender_email: text('sender_email'),
    updated_at: updatedAt(),
  },
  (t) => [check('email_settings_single_row', sql`${t.id} = 'platform'`)],
);

/** Secrets the platform generates for itself on first start (cookie signing keys). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: createdAt(),
});

/**
 * The state of the limits every instance shares (domain/limits.ts): a token bucket (`value` =
 * tokens) or a count of failures (`value` = failures), as of `at_ms`. A row past `expires_ms`
 * counts as absent and is swept.
 */
export const limitCounters = pgTable(
  'limit_counters',
  {
    key: text('key').primaryKey(),
    value: doublePrecision('value').notNull(),
    at_ms: bigint('at_ms', { mode: 'number' }).notNull(),
    expires_ms: bigint('expires_ms', { mode: 'number' }).notNull(),
  },
  (t) => [index('limit_counters_expires').on(t.expires_ms)],
);
