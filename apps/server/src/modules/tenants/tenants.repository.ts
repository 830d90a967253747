import { and, asc, count, desc, eq, inArray, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { tenants, tenantSlugRedirects } from '../../db/schema';
import type { PlatformScope, TenantScope } from '../../db/scope';

/** A tenant row. */
export type TenantRow = typeof tenants.$inferSelect;
/** Columns written when creating or editing a tenant. */
export type TenantValues = Omit<typeof tenants.$inferInsert, 'id' | 'created_at' | 'updated_at'>;

/**
 * The tenant of a slug (public lookups and scope resolution): its current slug, or one it had
 * before a rename, so old links and printed QR codes still lead to it (decision 0033).
 */
export async function findTenantBySlug(db: Db, slug: string): Promise<TenantRow | null> {
  const formerOwner = db.global
    .select({ id: tenantSlugRedirects.tenant_id })
    .from(tenantSlugRedirects)
    .where(eq(tenantSlugRedirects.slug, slug));
  const [row] = await db.global
    .selectFrom(tenants)
    .where(or(eq(tenants.slug, slug), inArray(tenants.id, formerOwner)))
    .limit(1);
  return row ?? null;
}

/** The current slug of the tenant that had `slug` before a rename; null when none had it. */
export async function findRenamedSlug(db: Db, slug: string): Promise<string | null> {
  const [row] = await db.global
    .select({ slug: tenants.slug })
    .from(tenantSlugRedirects)
    .innerJoin(tenants, eq(tenants.id, tenantSlugRedirects.tenant_id))
    .where(eq(tenantSlugRedirects.slug, slug))
    .limit(1);
  return row?.slug ?? null;
}

/** Whether another tenant than `tenantId` (any tenant when null) had `slug` before a rename. */
export async function isFormerSlugOfAnother(
  db: Db,
  slug: string,
  tenantId: string | null,
): Promise<boolean> {
  const owner = eq(tenantSlugRedirects.slug, slug);
  const [row] = await db.global
    .select({ slug: tenantSlugRedirects.slug })
    .from(tenantSlugRedirects)
    .where(tenantId === null ? owner : and(owner, ne(tenantSlugRedirects.tenant_id, tenantId)))
    .limit(1);
  return row !== undefined;
}

/**
 * After a rename from `previous` to `next`: the old slug keeps leading to the tenant, and the new
 * one, if the tenant had it before, is current again rather than a redirect.
 */
export async function recordSlugChange(
  db: Db,
  tenantId: string,
  change: { previous: string; next: string },
): Promise<void> {
  await db.global
    .delete(tenantSlugRedirects)
    .where(
      and(eq(tenantSlugRedirects.tenant_id, tenantId), eq(tenantSlugRedirects.slug, change.next)),
    );
  await db.global
    .insert(tenantSlugRedirects)
    .values({ slug: change.previous, tenant_id: tenantId })
    .onConflictDoNothing();
}

/** A tenant by id: any tenant for the superadmin, only its own for a tenant scope. */
export async function findTenantById(
  db: Db,
  scope: PlatformScope | TenantScope,
  id: string,
): Promise<TenantRow | null> {
  if (scope.kind === 'tenant' && scope.tenantId !== id) return null;
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

/**
 * Updates a tenant and returns it (null when it does not exist): any tenant for the superadmin,
 * only its own for a tenant scope.
 */
export async function updateTenant(
  db: Db,
  scope: PlatformScope | TenantScope,
  id: string,
  values: Partial<TenantValues>,
): Promise<TenantRow | null> {
  if (scope.kind === 'tenant' && scope.tenantId !== id) return null;
  const [row] = await db.global.update(tenants).set(values).where(eq(tenants.id, id)).returning();
  return row ?? null;
}

/** Deletes a tenant with everything it owns; its users stay as orphans. */
export async function deleteTenant(db: Db, _scope: PlatformScope, id: string) {
  const deleted = await db.global.delete(tenants).where(eq(tenants.id, id)).returning();
  return deleted[0] ?? null;
}
