import { and, count, desc, eq, gte, isNotNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { games, routes, teamRegistrations, tenants } from '../../db/schema';
import { inTenant, type PlatformScope, type TenantScope } from '../../db/scope';

/** A tenant row. */
export type TenantRow = typeof tenants.$inferSelect;
/** Columns written when creating or editing a tenant. */
export type TenantValues = Omit<typeof tenants.$inferInsert, 'id' | 'created_at' | 'updated_at'>;

/** The tenant of a slug (public lookups and scope resolution). */
export async function findTenantBySlug(db: Database, slug: string): Promise<TenantRow | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1);
  return row ?? null;
}

/** A tenant by id, for the superadmin. */
export async function findTenantById(
  db: Database | Transaction,
  _scope: PlatformScope,
  id: string,
): Promise<TenantRow | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  return row ?? null;
}

/** Every tenant, newest first, for the superadmin's table. */
export function listTenants(db: Database, _scope: PlatformScope) {
  return db
    .select({
      id: tenants.id,
      slug: tenants.slug,
      name: tenants.name,
      created_at: tenants.created_at,
    })
    .from(tenants)
    .orderBy(desc(tenants.created_at));
}

/** Inserts a tenant and returns it. */
export async function insertTenant(tx: Transaction, values: TenantValues): Promise<TenantRow> {
  const [row] = await tx.insert(tenants).values(values).returning();
  if (!row) throw new Error('insert returned no tenant');
  return row;
}

/** Updates a tenant and returns it (null when it does not exist). */
export async function updateTenant(
  tx: Transaction,
  _scope: PlatformScope,
  id: string,
  values: Partial<TenantValues>,
): Promise<TenantRow | null> {
  const [row] = await tx.update(tenants).set(values).where(eq(tenants.id, id)).returning();
  return row ?? null;
}

/** Deletes a tenant with everything it owns; its users stay as orphans. */
export async function deleteTenant(db: Database, _scope: PlatformScope, id: string) {
  const deleted = await db.delete(tenants).where(eq(tenants.id, id)).returning();
  return deleted[0] ?? null;
}

/** The tenant dashboard's numbers: routes, registered teams, games started since `since`. */
export async function countDashboard(db: Database, scope: TenantScope, since: Date) {
  const [[r], [t], [g]] = await Promise.all([
    db.select({ n: count() }).from(routes).where(inTenant(routes.tenant_id, scope)),
    db
      .select({ n: count() })
      .from(teamRegistrations)
      .where(inTenant(teamRegistrations.tenant_id, scope)),
    db
      .select({ n: count() })
      .from(games)
      .where(
        and(
          inTenant(games.tenant_id, scope),
          isNotNull(games.started_at),
          gte(games.started_at, since),
        ),
      ),
  ]);
  return { routes: r?.n ?? 0, registrations: t?.n ?? 0, activePlayers: g?.n ?? 0 };
}
