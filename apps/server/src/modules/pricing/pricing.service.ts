import type { PricingCreateValues, PricingRow } from '@tappa/contracts';
import { type PriceQuote, quotePrice, selectPrice } from '@tappa/domain';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { requireRoute } from '../routes/routes.service';
import {
  copyPricingRows,
  deletePricingRow,
  insertPricingRow,
  listPricingRows,
  type PricingDbRow,
} from './pricing.repository';

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
export async function listPricing(db: Db, scope: TenantScope, routeId: string) {
  const route = await requireRoute(db, scope, routeId);
  return (await listPricingRows(db, scope, route.id)).map(presentPricing);
}

/** Adds a price list row ('Gestione Listini'); empty decimals are stored as null. */
export async function addPricing(
  db: Db,
  scope: TenantScope,
  routeId: string,
  row: PricingCreateValues,
) {
  if (`${row.date_to} ${row.time_to}` < `${row.date_from} ${row.time_from}`) {
    throw new AppError('price_window_reversed');
  }
  const route = await requireRoute(db, scope, routeId);
  const stored = await insertPricingRow(db, scope, {
    route_id: route.id,
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
  });
  return presentPricing(stored);
}

/**
 * Gives the tenant's route `toRouteId` the price lists of its route `fromRouteId` (a copy of a
 * route, decision 0087); run it in the copy's transaction.
 */
export function copyPricing(
  tx: Db,
  scope: TenantScope,
  opts: { fromRouteId: string; toRouteId: string },
): Promise<number> {
  return copyPricingRows(tx, scope, opts);
}

/** Deletes a price list row of a route of the tenant. */
export async function deletePricing(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; pricingId: string },
) {
  if (!(await deletePricingRow(db, scope, opts))) throw new AppError('price_row_not_found');
}

/**
 * The current price of the tenant's paid route in cents and what its row's discount code would
 * make it (null without one, decision 0058), or null when no price list applies.
 */
export async function currentPrice(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; now: Date; timeZone: string },
): Promise<{ priceCents: number; codePriceCents: number | null } | null> {
  const rows = await listPricingRows(db, scope, opts.routeId);
  const selected = selectPrice(rows, { now: opts.now, timeZone: opts.timeZone });
  return selected && { priceCents: selected.priceCents, codePriceCents: selected.codePriceCents };
}

/** The current price of the tenant's paid route in cents, or null when no price list applies. */
export async function currentPriceCents(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; now: Date; timeZone: string },
): Promise<number | null> {
  return (await currentPrice(db, scope, opts))?.priceCents ?? null;
}

/**
 * What a team pays now for the tenant's route, with the discount code it entered (decision 0044):
 * the pricing rule's row, its list price, and the code's discount when the code is that row's.
 */
export async function quoteRoutePrice(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; now: Date; timeZone: string; discountCode: string | null },
): Promise<PriceQuote> {
  const rows = await listPricingRows(db, scope, opts.routeId);
  return quotePrice(rows, opts);
}
