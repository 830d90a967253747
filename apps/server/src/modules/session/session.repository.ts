import type { Role, TenantRoleEntry } from '@tappa/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tenants, users, userTenantRoles } from '../../db/schema';

/** The application profile of an identity, or null when it has none. */
export async function findProfileByAuthSub(db: Database, authSub: string) {
  const [profile] = await db.select().from(users).where(eq(users.auth_sub, authSub)).limit(1);
  return profile ?? null;
}

/** The profile row type. */
export type Profile = NonNullable<Awaited<ReturnType<typeof findProfileByAuthSub>>>;

/** The active tenant roles of a user. */
export async function findActiveTenantRoles(
  db: Database,
  userId: string,
): Promise<TenantRoleEntry[]> {
  const rows = await db
    .select({
      tenant_id: userTenantRoles.tenant_id,
      role: userTenantRoles.role,
      is_active: userTenantRoles.is_active,
    })
    .from(userTenantRoles)
    .where(and(eq(userTenantRoles.user_id, userId), eq(userTenantRoles.is_active, true)));
  return rows.map((r) => ({ ...r, role: r.role satisfies Role }));
}

/** Tenants by id (or every tenant when `ids` is null), ordered by name. */
export async function listTenantsByName(db: Database, ids: readonly string[] | null) {
  if (ids !== null && ids.length === 0) return [];
  const query = db.select({ id: tenants.id, slug: tenants.slug, name: tenants.name }).from(tenants);
  const filtered = ids === null ? query : query.where(inArray(tenants.id, [...ids]));
  return filtered.orderBy(asc(tenants.name));
}
