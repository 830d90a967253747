import { ROLES } from '@tappa/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';
import { createdAt, id } from './columns';
import { tenantOwner, tenants } from './tenants';

/** Roles a user can hold inside one tenant. */
export const TENANT_ROLES = ['tenant_admin', 'game_manager', 'judge', 'player'] as const;

/** The application profile of a person who signs in; `auth_sub` links the identity. */
export const users = pgTable(
  'users',
  {
    id: id(),
    auth_sub: text('auth_sub')
      .unique()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    auth_provider: text('auth_provider').notNull().default('email'),
    email: text('email').notNull(),
    display_name: text('display_name'),
    role: text('role', { enum: ROLES }).notNull(),
    // A deleted tenant leaves its users behind as orphans for the superadmin to clean up.
    tenant_id: uuid('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    is_active: boolean('is_active').notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [
    index('users_tenant_idx').on(t.tenant_id),
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    check(
      'users_role_check',
      sql`${t.role} in ('superadmin', 'tenant_admin', 'game_manager', 'judge', 'player')`,
    ),
  ],
);

/** A user's role in a tenant other than (or besides) the profile's own tenant. */
export const userTenantRoles = pgTable(
  'user_tenant_roles',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenant_id: tenantOwner(),
    role: text('role', { enum: TENANT_ROLES }).notNull(),
    is_active: boolean('is_active').notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [
    unique('user_tenant_roles_user_tenant_key').on(t.user_id, t.tenant_id),
    index('user_tenant_roles_tenant_idx').on(t.tenant_id),
    check(
      'user_tenant_roles_role_check',
      sql`${t.role} in ('tenant_admin', 'game_manager', 'judge', 'player')`,
    ),
  ],
);
