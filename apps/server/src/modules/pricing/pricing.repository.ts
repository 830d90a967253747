import { desc, eq, and } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { routePricing } from '../../db/schema';
import type { TenantScope } from '../../db/scope';

/** A price list row. */
export type PricingDbRow = typeof routePricing.$inferSelect;
/** The columns of a new price list row. */
export type PricingValues = Omit<
  typeof routePricing.$inferInsert,
  'id' | 'tenant_id' | 'created_at'
>;

/**
 * The price lists of the tenant's route, latest start first, then the row added last: the order
 * in which the pricing rule takes rows of equal priority (decision 0058).
 */
export function listPricingRows(db: Db, scope: TenantScope, routeId: string) {
  return db
    .scoped(scope)
    .selectFrom(routePricing, eq(routePricing.route_id, routeId))
    .orderBy(desc(routePricing.date_from), desc(routePricing.created_at), desc(routePricing.id));
}

/** Inserts a price list row of the tenant. */
export async function insertPricingRow(db: Db, scope: TenantScope, values: PricingValues) {
  const [row] = await db.scoped(scope).insert(routePricing, values).returning();
  if (!row) throw new Error('insert returned no price list row');
  return row;
}

/**
 * Copies the price lists of the tenant's route `fromRouteId` to its route `toRouteId`, each row
 * with its columns and its creation time, so that rows of equal priority rank as they did.
 */
export async function copyPricingRows(
  db: Db,
  scope: TenantScope,
  opts: { fromRouteId: string; toRouteId: string },
): Promise<number> {
  const rows = await listPricingRows(db, scope, opts.fromRouteId);
  if (rows.length === 0) return 0;
  const copies = rows.map(({ id: _id, tenant_id: _tenant, ...row }) => ({
    ...row,
    route_id: opts.toRouteId,
  }));
  return (await db.scoped(scope).insert(routePricing, copies).returning({ id: routePricing.id }))
    .length;
}

/** Deletes a price list row of the tenant's route; false when there is none. */
export async function deletePricingRow(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; pricingId: string },
): Promise<boolean> {
  const deleted = await db
    .scoped(scope)
    .delete(
      routePricing,
      and(eq(routePricing.route_id, opts.routeId), eq(routePricing.id, opts.pricingId)),
    )
    .returning({ id: routePricing.id });
  return deleted.length > 0;
}
