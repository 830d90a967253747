import { GRANTABLE_ROLES, type GrantableRole } from '@tappa/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { users, userTenantRoles } from '../../db/schema';

/** The staff roles of a tenant (players are not staff), judges included (decision 0083). */
const STAFF_ROLES: readonly GrantableRole[] = GRANTABLE_ROLES;

/**
 * A staff member of a tenant: `own` when the profile belongs to the tenant (`is_active` is the
 * account's), `role` when it holds a `user_tenant_roles` row there (`is_active` is the role's;
 * `account_active` the account's).
 */
export interface StaffRow {
  user_id: string;
  auth_sub: string | null;
  email: string;
  display_name: string | null;
  role: GrantableRole;
  is_active: boolean;
  account_active: boolean;
  origin: 'own' | 'role';
  created_at: Date;
}

const profileFields = {
  user_id: users.id,
  auth_sub: users.auth_sub,
  email: users.email,
  display_name: users.display_name,
  account_active: users.is_active,
};

function isGrantable(role: string): role is GrantableRole {
  return STAFF_ROLES.some((r) => r === role);
}

/** The tenant's staff (own profiles and role holders, active or not), by e-mail; or one of them. */
export async function listStaffRows(
  db: Db,
  tenantId: string,
  userId?: string,
): Promise<StaffRow[]> {
  const own = await db.global
    .select({
      ...profileFields,
      role: users.role,
      is_active: users.is_active,
      created_at: users.created_at,
    })
    .from(users)
    .where(
      and(
        eq(users.tenant_id, tenantId),
        inArray(users.role, STAFF_ROLES),
        userId ? eq(users.id, userId) : undefined,
      ),
    );
  const held = await db.global
    .select({
      ...profileFields,
      role: userTenantRoles.role,
      is_active: userTenantRoles.is_active,
      created_at: userTenantRoles.created_at,
    })
    .from(userTenantRoles)
    .innerJoin(users, eq(users.id, userTenantRoles.user_id))
    .where(
      and(
        eq(userTenantRoles.tenant_id, tenantId),
        inArray(userTenantRoles.role, STAFF_ROLES),
        userId ? eq(users.id, userId) : undefined,
      ),
    );
  const rows: StaffRow[] = [];
  for (const r of own) if (isGrantable(r.role)) rows.push({ ...r, role: r.role, origin: 'own' });
  for (const r of held) if (isGrantable(r.role)) rows.push({ ...r, role: r.role, origin: 'role' });
  return rows.sort((a, b) => a.email.localeCompare(b.email));
}

/** How many accounts can act as the tenant's admin now (active account, active role). */
export async function countActiveTenantAdmins(db: Db, tenantId: string): Promise<number> {
  const [own] = await db.global
    .select({ n: count() })
    .from(users)
    .where(
      and(eq(users.tenant_id, tenantId), eq(users.role, 'tenant_admin'), eq(users.is_active, true)),
    );
  const [held] = await db.global
    .select({ n: count() })
    .from(userTenantRoles)
    .innerJoin(users, eq(users.id, userTenantRoles.user_id))
    .where(
      and(
        eq(userTenantRoles.tenant_id, tenantId),
        eq(userTenantRoles.role, 'tenant_admin'),
        eq(userTenantRoles.is_active, true),
        eq(users.is_active, true),
      ),
    );
  return (own?.n ?? 0) + (held?.n ?? 0);
}

/** Sets the role of a profile in its own tenant. */
export async function setProfileRole(db: Db, userId: string, role: GrantableRole): Promise<void> {
  await db.global.update(users).set({ role }).where(eq(users.id, userId));
}

/** Takes the profile out of its own tenant (it keeps its roles elsewhere). */
export async function detachProfileTenant(db: Db, userId: string): Promise<void> {
  await db.global.update(users).set({ tenant_id: null }).where(eq(users.id, userId));
}

/** Sets the role and whether it is active of an account's role row in a tenant. */
export async function setTenantRoleState(
  db: Db,
  input: { userId: string; tenantId: string; role: GrantableRole; isActive: boolean },
): Promise<void> {
  await db.global
    .update(userTenantRoles)
    .set({ role: input.role, is_active: input.isActive })
    .where(
      and(eq(userTenantRoles.user_id, input.userId), eq(userTenantRoles.tenant_id, input.tenantId)),
    );
}
