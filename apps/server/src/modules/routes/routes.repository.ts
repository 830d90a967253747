import type { ImportedStep } from '@tappa/domain';
import { and, asc, count, desc, eq, notInArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { routes, steps } from '../../db/schema';
import { inTenant, type TenantScope } from '../../db/scope';

/** A route row. */
export type RouteRow = typeof routes.$inferSelect;
/** Columns a route write sets. */
export type RouteValues = Partial<
  Omit<typeof routes.$inferInsert, 'id' | 'tenant_id' | 'created_at'>
>;
/** A step row. */
export type StepRow = typeof steps.$inferSelect;
/** A step to store: an imported step, with the id of the existing step it updates, if any. */
export type StepWrite = ImportedStep & { id?: string };

type Db = Database | Transaction;

/** The tenant's routes with their step counts, newest first. */
export function listRoutes(db: Db, scope: TenantScope) {
  return db
    .select({ route: routes, step_count: count(steps.id) })
    .from(routes)
    .leftJoin(steps, eq(steps.route_id, routes.id))
    .where(inTenant(routes.tenant_id, scope))
    .groupBy(routes.id)
    .orderBy(desc(routes.created_at));
}

/** A route of the tenant by id (null for a missing or foreign one). */
export async function findRoute(db: Db, scope: TenantScope, id: string): Promise<RouteRow | null> {
  const [row] = await db
    .select()
    .from(routes)
    .where(and(inTenant(routes.tenant_id, scope), eq(routes.id, id)))
    .limit(1);
  return row ?? null;
}

/** A route of the tenant by slug. */
export async function findRouteBySlug(db: Db, scope: TenantScope, slug: string) {
  const [row] = await db
    .select()
    .from(routes)
    .where(and(inTenant(routes.tenant_id, scope), eq(routes.slug, slug)))
    .limit(1);
  return row ?? null;
}

/** Inserts a route of the tenant. */
export async function insertRoute(
  tx: Transaction,
  scope: TenantScope,
  values: RouteValues & { slug: string; title: string },
): Promise<RouteRow> {
  const [row] = await tx
    .insert(routes)
    .values({ ...values, tenant_id: scope.tenantId })
    .returning();
  if (!row) throw new Error('insert returned no route');
  return row;
}

/** Updates a route of the tenant; null when it is not the tenant's. */
export async function updateRoute(db: Db, scope: TenantScope, id: string, values: RouteValues) {
  const [row] = await db
    .update(routes)
    .set(values)
    .where(and(inTenant(routes.tenant_id, scope), eq(routes.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes a route of the tenant with everything it owns. */
export async function deleteRoute(db: Db, scope: TenantScope, id: string) {
  const deleted = await db
    .delete(routes)
    .where(and(inTenant(routes.tenant_id, scope), eq(routes.id, id)))
    .returning({ id: routes.id });
  return deleted.length > 0;
}

/** The steps of a route already checked to be the tenant's, in order. */
export function listSteps(db: Db, route: RouteRow) {
  return db.select().from(steps).where(eq(steps.route_id, route.id)).orderBy(asc(steps.ord));
}

function stepColumns(step: StepWrite) {
  const { id: _id, ...fields } = step;
  // Radii are whole metres.
  return { ...fields, radius_m: Math.round(fields.radius_m) };
}

/**
 * Makes the route's steps equal `next`, keeping the rows of steps that stay so that games keep
 * their progress: a step carrying the id of an existing step updates it; otherwise (import) the
 * n-th existing step is updated with the n-th new one; extra steps are added, the rest deleted.
 */
export async function syncSteps(tx: Transaction, route: RouteRow, next: readonly StepWrite[]) {
  const existing = await listSteps(tx, route);
  const existingIds = new Set(existing.map((s) => s.id));
  const byId = next.some((s) => s.id !== undefined);
  const kept: string[] = [];
  for (const [index, step] of next.entries()) {
    const targetId = byId ? step.id : existing[index]?.id;
    if (targetId !== undefined && existingIds.has(targetId)) {
      await tx.update(steps).set(stepColumns(step)).where(eq(steps.id, targetId));
      kept.push(targetId);
    } else {
      const [row] = await tx
        .insert(steps)
        .values({ ...stepColumns(step), route_id: route.id })
        .returning({ id: steps.id });
      if (row) kept.push(row.id);
    }
  }
  const stale = and(
    eq(steps.route_id, route.id),
    kept.length > 0 ? notInArray(steps.id, kept) : undefined,
  );
  await tx.delete(steps).where(stale);
  return listSteps(tx, route);
}
