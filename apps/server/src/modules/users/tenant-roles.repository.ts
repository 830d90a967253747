import { and, asc, desc, eq, isNull, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { users, userTenantRoles } from '../../db/schema';
import type { Profile } from './users.repository';

/** A role an account holds in a tenant besides its own, with the account's fields. */
export interface TenantRoleRow {
  user_id: string;
  email: string;
  display_name: string | null;
  role: (typeof userTenantRoles.$inferSelect)['role'];
  is_active: boolean;
  created_at: Date;
}

/** Where a profile is an orphan: no superadmin, no tenant of its own, no active tenant role. */
const isOrphan = and(
  ne(users.role, 'superadmin'),
  isNull(users.tenant_id),
  notExists(
    sql`(select 1 from ${userTenantRoles} where ${userTenantRoles.user_id} = ${users.id} and ${userTenantRoles.is_active})`,
  ),
);

/** Every orphan profile, newest first. */
export function listOrphanProfiles(db: Db): Promise<Profile[]> {
  return db.global
    .selectFrom(users)
    .where(isOrphan)
    .orderBy(desc(users.created_at), desc(users.id));
}

/** The profile with this id if it is an orphan now, else null. */
export async function findOrphanProfile(db: Db, id: string): Promise<Profile | null> {
  const [row] = await db.global
    .selectFrom(users)
    .where(and(eq(users.id, id), isOrphan))
    .limit(1);
  return row ?? null;
}

/** The profile with this id, or null. */
export async function findProfileById(db: Db, id: string): Promise<Profile | null> {
  const [row] = await db.global.selectFrom(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The profile with this (lower-case) e-mail, or null. */
export async function findProfileByEmail(db: Db, email: string): Promise<Profile | null> {
  const [row] = await db.global
    .selectFrom(users)
    .where(eq(sql`lower(${users.email})`, email))
    .orderBy(asc(users.created_at))
    .limit(1);
  return row ?? null;
}

/** Deletes a profile that has no identity (an identity's profile goes with the identity). */
export async function deleteProfile(db: Db, id: string): Promise<void> {
  await db.global.delete(users).where(eq(users.id, id));
}

/** The active roles of a tenant, by e-mail. */
export function listTenantRoles(db: Db, tenantId: string): Promise<TenantRoleRow[]> {
  return db.global
    .select({
      user_id: users.id,
      email: users.email,
      display_name: users.display_name,
      role: userTenantRoles.role,
      is_active: users.is_active,
      created_at: userTenantRoles.created_at,
    })
    .from(userTenantRoles)
    .innerJoin(users, eq(users.id, userTenantRoles.user_id))
    .where(and(eq(userTenantRoles.tenant_id, tenantId), eq(userTenantRoles.is_active, true)))
    .orderBy(asc(users.email));
}

/** The user's role row in the tenant (active or not), or null. */
export async function findTenantRole(db: Db, input: { userId: string; tenantId: string }) {
  const [row] = await db.global
    .select({ role: userTenantRoles.role, is_active: userTenantRoles.is_active })
    .from(userTenantRoles)
    .where(
      and(eq(userTenantRoles.user_id, input.userId), eq(userTenantRoles.tenant_id, input.tenantId)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Gives the user the role in the tenant, or replaces (and reactivates) the one it has there:
 * one row per user and tenant, so a repeated request writes the same row again.
 */
export async function upsertTenantRole(
  db: Db,
  input: { userId: string; tenantId: string; role: TenantRoleRow['role'] },
): Promise<void> {
  await db.global
    .insert(userTenantRoles)
    .values({ user_id: input.userId, tenant_id: input.tenantId, role: input.role })
    .onConflictDoUpdate({
      target: [userTenantRoles.user_id, userTenantRoles.tenant_id],
      set: { role: input.role, is_active: true },
    });
}

/** Removes the user's role in the tenant; whether there was one. */
export async function deleteTenantRole(
  db: Db,
  input: { userId: string; tenantId: string },
): Promise<boolean> {
  const deleted = await db.global
    .delete(userTenantRoles)
    .where(
      and(eq(userTenantRoles.user_id, input.userId), eq(userTenantRoles.tenant_id, input.tenantId)),
    )
    .returning({ id: userTenantRoles.id });
  return deleted.length > 0;
}
