import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/** An organisation with its own brand, routes, players and scoreboard. */
export const tenants = pgTable(
  'tenants',
  {
    id: id(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    logo_url: text('logo_url'),
    favicon_url: text('favicon_url'),
    footer_logo_url: text('footer_logo_url'),
    brand_logo_url: text('brand_logo_url'),
    brand_favicon_url: text('brand_favicon_url'),
    primary_color: text('primary_color').notNull().default('#3B82F6'),
    secondary_color: text('secondary_color').notNull().default('#10B981'),
    payoff: text('payoff'),
    description: text('description'),
    admin_email: text('admin_email'),
    company_name: text('company_name'),
    address: text('address'),
    city: text('city'),
    postal_code: text('postal_code'),
    country: text('country').notNull().default('IT'),
    tax_code: text('tax_code'),
    vat_number: text('vat_number'),
    sdi_code: text('sdi_code'),
    expiry_date: date('expiry_date', { mode: 'string' }),
    is_active: boolean('is_active').notNull().default(true),
    phone: text('phone'),
    mobile: text('mobile'),
    email: text('email'),
    // "Today" on scoreboards starts at midnight in this zone.
    time_zone: text('time_zone').notNull().default('Europe/Rome'),
    /** How many days the teams' raw positions are kept (decision 0086, 0–90). */
    location_retention_days: integer('location_retention_days').notNull().default(30),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check(
      'tenants_location_retention_days_check',
      sql`${t.location_retention_days} between 0 and 90`,
    ),
  ],
);

/** `tenant_id` of a row the tenant owns: required, and deleted with the tenant. */
export const tenantOwner = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/**
 * The slugs a tenant had before a rename: old links and printed QR codes still lead to it, and
 * no other tenant may take them (decision 0033).
 */
export const tenantSlugRedirects = pgTable(
  'tenant_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    tenant_id: tenantOwner(),
    created_at: createdAt(),
  },
  (t) => [index('tenant_slug_redirects_tenant_idx').on(t.tenant_id)],
);
