import type { PricingCreateValues, PricingRow } from '@tappa/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { routePricing } from '../../db/schema';
import { inTenant, type TenantScope } from '../../db/scope';
import { AppError, notFound } from '../../errors';
import { requireRoute } from './routes.service';

type PricingDbRow = typeof routePricing.$inferSelect;

const toMoney = (value: number | null) => (value === null ? null : value.toFixed(2));

function presentPricing(row: PricingDbRow): PricingRow {
  return {
    id: row.id,
    date_from: row.date_from,
    // Times are shown and edited to the minute.
    time_from: row.time_from.slice(0, 5),
    date_to: row.date_to,
    time_to: row.time_to.slice(0, 5),
    cost_euro: row.cost_euro,
    is_priority: row.is_priority,
    discount_code: row.discount_code,
    discount_type: row.discount_type,
    discount_percentage: row.discount_percentage,
    discount_price: row.discount_price,
  };
}

/** The price lists of a route, latest start first. */
export async function listPricing(db: Database, scope: TenantScope, routeId: string) {
  const route = await requireRoute(db, scope, routeId);
  const rows = await db
    .select()
    .from(routePricing)
    .where(and(inTenant(routePricing.tenant_id, scope), eq(routePricing.route_id, route.id)))
    .orderBy(desc(routePricing.date_from));
  return rows.map(presentPricing);
}

/** Adds a price list row ('Gestione Listini'); empty decimals are stored as null. */
export async function addPricing(
  db: Database,
  scope: TenantScope,
  routeId: string,
  row: PricingCreateValues,
) {
  if (`${row.date_to} ${row.time_to}` < `${row.date_from} ${row.time_from}`) {
    throw new AppError('validation_failed', 'The end of the price list comes before its start');
  }
  const route = await requireRoute(db, scope, routeId);
  const [stored] = await db
    .insert(routePricing)
    .values({
      route_id: route.id,
      tenant_id: scope.tenantId,
      date_from: row.date_from,
      time_from: row.time_from,
      date_to: row.date_to,
      time_to: row.time_to,
      cost_euro: row.cost_euro.toFixed(2),
      is_priority: row.is_priority,
      discount_code: row.discount_code || null,
      discount_type: row.discount_type,
      discount_percentage: toMoney(row.discount_percentage),
      discount_price: toMoney(row.discount_price),
    })
    .returning();
  if (!stored) throw new Error('insert returned no price list row');
  return presentPricing(stored);
}

/** Deletes a price list row of a route of the tenant. */
export async function deletePricing(
  db: Database,
  scope: TenantScope,
  routeId: string,
  pricingId: string,
) {
  const deleted = await db
    .delete(routePricing)
    .where(
      and(
        inTenant(routePricing.tenant_id, scope),
        eq(routePricing.route_id, routeId),
        eq(routePricing.id, pricingId),
      ),
    )
    .returning({ id: routePricing.id });
  if (deleted.length === 0) throw notFound('Price list row not found');
}
