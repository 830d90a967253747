import { sql } from 'drizzle-orm';
import { boolean, check, index, numeric, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { routes } from './routes';
import { tenantOwner } from './tenants';

export const PAYMENT_STATUSES = ['pending', 'completed'] as const;

/** A team registered with a tenant, identified by its e-mail (one per tenant and e-mail). */
export const teamRegistrations = pgTable(
  'team_registrations',
  {
    id: id(),
    tenant_id: tenantOwner(),
    email: text('email').notNull(),
    team_name: text('team_name').notNull(),
    team_members: text('team_members'),
    avatar_url: text('avatar_url'),
    route_id: uuid('route_id').references(() => routes.id, { onDelete: 'set null' }),
    payment_amount: numeric('payment_amount', { precision: 10, scale: 2 }),
    payment_status: text('payment_status', { enum: PAYMENT_STATUSES }),
    /** 'Le nostre foto possono essere mostrate durante l'evento': the photo wall (decision 0083). */
    photo_wall_consent: boolean('photo_wall_consent').notNull().default(false),
    registered_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    unique('team_registrations_tenant_email_key').on(t.tenant_id, t.email),
    // The staff's Players list pages newest first along (registered_at, id) (issue 14): read
    // backwards, the ascending index gives `desc` order (nulls first) as the query asks it.
    index('team_registrations_tenant_registered_idx').on(t.tenant_id, t.registered_at, t.id),
    check(
      'team_registrations_payment_status_check',
      sql`${t.payment_status} is null or ${t.payment_status} in ('pending', 'completed')`,
    ),
  ],
);

/** A pending or used e-mail verification; only the SHA-256 of the token is stored. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: id(),
    token_hash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    tenant_id: tenantOwner(),
    verified: boolean('verified').notNull().default(false),
    verified_at: timestamptz('verified_at'),
    expires_at: timestamptz('expires_at').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('email_verifications_tenant_email_idx').on(t.tenant_id, t.email)],
);
