import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { tenants } from '../../db/schema';
import type { PlatformScope } from '../../db/scope';

/** A tenant row. */
export type TenantRow = typeof tenants.$inferSelect;
/** Columns written when creating or editing a tenant. */
export type TenantValues = Omit<typeof tenants.$inferInsert, 'id' | 'created_at' | 'updated_at'>;

/** The tenant of a slug (public lookups and scope resolution). */
export async function findTenantBySlug(db: Db, slug: string): Promise<TenantRow | null> {
  const [row] = await db.global.selectFrom(tenants).where(eq(tenants.slug, slug)).limit(1);
  return row ?? null;
}

/** A tenant by id, for the superadmin. */
export async function findTenantById(
  db: Db,
  _scope: PlatformScope,
  id: string,
): Promise<TenantRow | null> {
  const [row] = await db.global.selectFrom(tenants).where(eq(tenants.id, id)).limit(1);
  return row ?? null;
}

/** Every tenant, newest first, for the superadmin's table. */
export function listTenants(db: Db, _scope: PlatformScope) {
  return db.global
    .select({
      id: tenants.id,
      slug: tenants.slug,
      name: tenants.name,
      created_at: tenants.created_at,
      is_active: tenants.is_active,
      expiry_date: tenants.expiry_date,
      time_zone: tenants.time_zone,
    })
    .from(tenants)
    .orderBy(desc(tenants.created_at));
}

/** Tenants by id (or every tenant when `ids` is null), ordered by name. */
export async function listTenantsByName(db: Db, ids: readonly string[] | null) {
  if (ids !== null && ids.length === 0) return [];
  const query = db.global
    .select({ id: tenants.id, slug: tenants.slug, name: tenants.name })
    .from(tenants);
  const filtered = ids === null ? query : query.where(inArray(tenants.id, [...ids]));
  return filtered.orderBy(asc(tenants.name));
}

/** How many tenants exist. */
export async function countTenants(db: Db): Promise<number> {
  const [row] = await db.global.select({ n: count() }).from(tenants);
  return row?.n ?? 0;
}

/** Inserts a tenant and returns it. */
export async function insertTenant(db: Db, values: TenantValues): Promise<TenantRow> {
  const [row] = await db.global.insert(tenants).values(values).returning();
  if (!row) throw new Error('insert returned no tenant');
  return row;
}

/** Updates a tenant and returns it (null when it does not exist). */
export async function updateTenant(
  db: Db,
  _scope: PlatformScope,
  id: string,
  values: Partial<TenantValues>,
): Promise<TenantRow | null> {
  const [row] = await db.global.update(tenants).set(values).where(eq(tenants.id, id)).returning();
  return row ?? null;
}

/** Deletes a tenant with everything it owns; its users stay as orphans. */
export async function deleteTenant(db: Db, _scope: PlatformScope, id: string) {
  const deleted = await db.global.delete(tenants).where(eq(tenants.id, id)).returning();
  return deleted[0] ?? null;
}
