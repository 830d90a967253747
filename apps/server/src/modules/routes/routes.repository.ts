import type { ImportedStep } from '@tappa/domain';
import { and, asc, count, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { routes, steps } from '../../db/schema';
import type { TenantScope } from '../../db/scope';

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

/** The route columns the scoreboards name a route by. */
const routeNameColumns = {
  id: routes.id,
  slug: routes.slug,
  title: routes.title,
  route_type: routes.route_type,
};

/** A route as the scoreboards name it, with its id. */
export type RouteName = { [K in keyof typeof routeNameColumns]: RouteRow[K] };

/** The tenant's routes with their step counts, newest first. */
export function listRoutes(db: Db, scope: TenantScope) {
  return db
    .scoped(scope)
    .select({ route: routes, step_count: count(steps.id) })
    .from(routes)
    .leftJoin(steps, eq(steps.route_id, routes.id))
    .groupBy(routes.id)
    .orderBy(desc(routes.created_at));
}

/** The tenant's active routes, newest first. */
export function listActiveRoutes(db: Db, scope: TenantScope) {
  return db
    .scoped(scope)
    .selectFrom(routes, eq(routes.is_active, true))
    .orderBy(desc(routes.created_at));
}

/** The tenant's active routes by title, named as the scoreboards name them. */
export function listActiveRouteNames(db: Db, scope: TenantScope): Promise<RouteName[]> {
  return db
    .scoped(scope)
    .select(routeNameColumns)
    .from(routes, eq(routes.is_active, true))
    .orderBy(asc(routes.title), asc(routes.slug));
}

/** How many routes the tenant has. */
export async function countRoutes(db: Db, scope: TenantScope): Promise<number> {
  const [row] = await db.scoped(scope).select({ n: count() }).from(routes);
  return row?.n ?? 0;
}

/** A route of the tenant by id (null for a missing or foreign one). */
export async function findRoute(db: Db, scope: TenantScope, id: string): Promise<RouteRow | null> {
  const [row] = await db.scoped(scope).selectFrom(routes, eq(routes.id, id)).limit(1);
  return row ?? null;
}

/** A route of the tenant by slug; with `activeOnly`, only when it is active. */
export async function findRouteBySlug(
  db: Db,
  scope: TenantScope,
  opts: { slug: string; activeOnly: boolean },
): Promise<RouteRow | null> {
  const active = opts.activeOnly ? eq(routes.is_active, true) : undefined;
  const [row] = await db
    .scoped(scope)
    .selectFrom(routes, and(eq(routes.slug, opts.slug), active))
    .limit(1);
  return row ?? null;
}

/** The name of the tenant's route with this slug or id, active or not; null when there is none. */
export async function findRouteName(
  db: Db,
  scope: TenantScope,
  by: { slug: string } | { id: string },
): Promise<RouteName | null> {
  const [row] = await db
    .scoped(scope)
    .select(routeNameColumns)
    .from(routes, 'slug' in by ? eq(routes.slug, by.slug) : eq(routes.id, by.id))
    .limit(1);
  return row ?? null;
}

/** The slugs of the tenant's routes. */
export async function listRouteSlugs(db: Db, scope: TenantScope): Promise<string[]> {
  const rows = await db.scoped(scope).select({ slug: routes.slug }).from(routes);
  return rows.map((row) => row.slug);
}

/** Inserts a route of the tenant (with `id` when the caller chose it, else a new one). */
export async function insertRoute(
  db: Db,
  scope: TenantScope,
  values: RouteValues & { slug: string; title: string; id?: string },
): Promise<RouteRow> {
  const [row] = await db.scoped(scope).insert(routes, values).returning();
  if (!row) throw new Error('insert returned no route');
  return row;
}

/** Updates a route of the tenant; null when it is not the tenant's. */
export async function updateRoute(db: Db, scope: TenantScope, id: string, values: RouteValues) {
  const [row] = await db.scoped(scope).update(routes, values, eq(routes.id, id)).returning();
  return row ?? null;
}

/** Deletes a route of the tenant with everything it owns. */
export async function deleteRoute(db: Db, scope: TenantScope, id: string) {
  const deleted = await db
    .scoped(scope)
    .delete(routes, eq(routes.id, id))
    .returning({ id: routes.id });
  return deleted.length > 0;
}

/** The steps of the tenant's route `routeId`, in order (none for a foreign route). */
export function listSteps(db: Db, scope: TenantScope, routeId: string): Promise<StepRow[]> {
  return db.scoped(scope).selectFrom(steps, eq(steps.route_id, routeId)).orderBy(asc(steps.ord));
}

/**
 * Copies every step of the tenant's route `fromRouteId`, each column as it is, to its route
 * `toRouteId` as new steps in the same order; answers how many.
 */
export async function copySteps(
  tx: Db,
  scope: TenantScope,
  opts: { fromRouteId: string; toRouteId: string },
): Promise<number> {
  const rows = await listSteps(tx, scope, opts.fromRouteId);
  const copies = rows.map(({ id: _id, created_at: _created, ...step }) => ({
    ...step,
    route_id: opts.toRouteId,
  }));
  return (await tx.scoped(scope).insertChildren(steps, copies)).length;
}

function stepColumns(step: StepWrite) {
  const { id: _id, ...fields } = step;
  // Radii are whole metres.
  return { ...fields, radius_m: Math.round(fields.radius_m) };
}

/** The columns a step write sets on an existing step (all but its id and route). */
const STEP_UPDATE_COLUMNS = [
  'ord',
  'place',
  'address',
  'lat',
  'lng',
  'radius_m',
  'task',
  'hint',
  'check_type',
  'check_answer',
  'orientation_deg',
  'media',
  'choices',
  'multiple',
  'scoring',
  'review',
  'hints',
  'also_accept',
  'relaxed_match',
] as const satisfies readonly (keyof ReturnType<typeof stepColumns>)[];

/**
 * Makes the route's steps equal `next`, keeping the rows of steps that stay so that games keep
 * their progress: a step carrying the id of an existing step updates it; otherwise (import) the
 * n-th existing step is updated with the n-th new one; extra steps are added, the rest deleted.
 * A handful of statements whatever the number of steps (decision 0024): on the embedded database
 * a transaction holds the only connection, and every other request waits for it. The route's
 * row is written too (`updated_at`), so that its version tells a try its steps changed (decision
 * 0054). Answers how many steps the route has now.
 */
export async function syncSteps(
  tx: Db,
  scope: TenantScope,
  routeId: string,
  next: readonly StepWrite[],
): Promise<number> {
  const scoped = tx.scoped(scope);
  const existing = await scoped
    .select({ id: steps.id })
    .from(steps, eq(steps.route_id, routeId))
    .orderBy(asc(steps.ord));
  const free = new Set(existing.map((s) => s.id));
  const byId = next.some((s) => s.id !== undefined);
  const rows = next.map((step, index) => {
    const targetId = byId ? step.id : existing[index]?.id;
    // Each existing row is updated at most once; a repeated id makes a new step.
    const isKept = targetId !== undefined && free.delete(targetId);
    return { ...stepColumns(step), route_id: routeId, ...(isKept ? { id: targetId } : {}) };
  });
  await scoped.update(routes, { updated_at: sql`now()` }, eq(routes.id, routeId));
  const written = await scoped.upsertChildren(steps, rows, STEP_UPDATE_COLUMNS);
  const kept = written.map((row) => row.id);
  await scoped.delete(
    steps,
    and(eq(steps.route_id, routeId), kept.length > 0 ? notInArray(steps.id, kept) : undefined),
  );
  return written.length;
}
