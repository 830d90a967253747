import type { AccessType, AdminStep, RouteForm, RouteSummary } from '@tappa/contracts';
import {
  type ImportedRoute,
  isRouteAvailable,
  normalizeSlug,
  parseRouteJson,
  parseRouteStep,
  type RouteJson,
  stepCountIssue,
  toRouteJson,
} from '@tappa/domain';
import type { Db } from '../../db/db';
import { isUniqueViolation } from '../../db/errors';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import type { TenantReadCache } from '../../infra/read-cache';
import { refuseNulText } from '../../plugins/nul-text';
import {
  deleteRoute as deleteRouteRow,
  findRoute,
  findRouteBySlug,
  insertRoute,
  listActiveRoutes,
  listSteps,
  type RouteRow,
  type RouteValues,
  type StepRow,
  type StepWrite,
  syncSteps,
  updateRoute as updateRouteRow,
} from './routes.repository';

export {
  countRoutes,
  findRouteName,
  listActiveRouteNames,
  listActiveRoutes,
  listRoutes,
  listSteps,
} from './routes.repository';
export type { RouteName, RouteRow, StepRow } from './routes.repository';

/** The tenant's active routes, kept in `cache` until a change of its routes (decision 0049). */
export async function listActiveRoutesCached(
  db: Db,
  scope: TenantScope,
  cache: TenantReadCache<RouteRow[]>,
): Promise<RouteRow[]> {
  const routes = await cache.read(scope.tenantId, async () => ({
    tenantId: scope.tenantId,
    value: await listActiveRoutes(db, scope),
  }));
  return routes ?? [];
}

/** Doc 2 §4: the access type sets `is_free` (free and code are free of charge, paid is not). */
export function isFreeAccess(accessType: AccessType): boolean {
  return accessType !== 'paid';
}

/** A route of the tenant, or the same 404 for a missing and a foreign one. */
export async function requireRoute(db: Db, scope: TenantScope, id: string): Promise<RouteRow> {
  const route = await findRoute(db, scope, id);
  if (!route) throw new AppError('route_not_found');
  return route;
}

/** An active route of the tenant by slug, for players (404 when missing or disabled). */
export async function requireActiveRoute(db: Db, scope: TenantScope, slug: string) {
  const route = await findRouteBySlug(db, scope, { slug, activeOnly: true });
  if (!route) throw new AppError('route_not_found');
  return route;
}

/** An active route of the tenant that its dates let teams play at `now`, or the refusal. */
export async function requirePlayableRoute(db: Db, scope: TenantScope, slug: string, now: Date) {
  const route = await requireActiveRoute(db, scope, slug);
  if (!isRouteAvailable({ dateStart: route.date_start, dateEnd: route.date_end }, now)) {
    throw new AppError('route_unavailable');
  }
  return route;
}

/** The route as the management page lists it. */
export function presentRoute(route: RouteRow, stepCount: number): RouteSummary {
  const { tenant_id: _tenant, updated_at: _updated, ...fields } = route;
  return {
    ...fields,
    date_start: route.date_start?.toISOString() ?? null,
    date_end: route.date_end?.toISOString() ?? null,
    hint_budget: route.hint_budget,
    event_start: route.event_start_at?.toISOString() ?? null,
    event_end: route.event_end_at?.toISOString() ?? null,
    created_at: route.created_at.toISOString(),
    step_count: stepCount,
  };
}

function slugTaken(error: unknown, slug: string): unknown {
  return isUniqueViolation(error, 'routes_tenant_slug_key')
    ? new AppError('route_slug_taken', { slug })
    : error;
}

function formValues(form: RouteForm, slug: string): RouteValues {
  const eventStart = form.event_start === null ? null : new Date(form.event_start);
  const eventEnd = form.event_end === null ? null : new Date(form.event_end);
  if (eventStart && eventEnd && eventEnd <= eventStart) throw new AppError('event_times_invalid');
  return {
    title: form.title.trim(),
    slug,
    description: form.description,
    access_type: form.access_type,
    is_free: isFreeAccess(form.access_type),
    route_type: form.route_type,
    geolocation_enabled: form.geolocation_enabled,
    time_limit_enabled: form.time_limit_enabled,
    time_limit_hours: form.time_limit_hours,
    time_limit_minutes: form.time_limit_minutes,
    date_start: form.date_start ? new Date(form.date_start) : null,
    date_end: form.date_end ? new Date(form.date_end) : null,
    hint_budget: form.hint_budget,
    event_start_at: eventStart,
    event_end_at: eventEnd,
    location_sharing: form.location_sharing,
    location_purpose: form.location_purpose || null,
  };
}

/** Creates a route from the Create Route form; the slug comes from the slug field or the title. */
export async function createRoute(db: Db, scope: TenantScope, form: RouteForm) {
  const slug = normalizeSlug(form.slug?.trim() || form.title);
  if (!slug) throw new AppError('slug_invalid');
  try {
    const route = await db.transaction((tx) =>
      insertRoute(tx, scope, { ...formValues(form, slug), slug, title: form.title.trim() }),
    );
    return presentRoute(route, 0);
  } catch (error) {
    throw slugTaken(error, slug);
  }
}

/** Saves the Edit Route form (title and slug required). */
export async function editRoute(db: Db, scope: TenantScope, id: string, form: RouteForm) {
  const slug = normalizeSlug(form.slug?.trim() ?? '');
  if (!slug) throw new AppError('slug_required');
  try {
    const route = await updateRouteRow(db, scope, id, formValues(form, slug));
    if (!route) throw new AppError('route_not_found');
    return presentRoute(route, (await listSteps(db, scope, route.id)).length);
  } catch (error) {
    throw slugTaken(error, slug);
  }
}

/** The enable/disable toggle. */
export async function setRouteActive(db: Db, scope: TenantScope, id: string, isActive: boolean) {
  const route = await updateRouteRow(db, scope, id, { is_active: isActive });
  if (!route) throw new AppError('route_not_found');
  return presentRoute(route, (await listSteps(db, scope, route.id)).length);
}

/** Deletes a route with its steps, price lists, codes, games and scoreboard. */
export async function deleteRoute(db: Db, scope: TenantScope, id: string) {
  if (!(await deleteRouteRow(db, scope, id))) throw new AppError('route_not_found');
}

function parseOrRefuse(json: string): ImportedRoute {
  const parsed = parseRouteJson(json);
  if (!parsed.ok) throw new AppError('route_json_invalid', parsed.error);
  // The document is text inside the request: its own strings are checked once it is read.
  refuseNulText(parsed.route, 'json');
  return parsed.route;
}

function importedValues(route: ImportedRoute): RouteValues {
  return {
    title: route.title,
    description: route.description,
    key_elements: route.key_elements,
    is_flash: route.is_flash,
    date_start: route.date_start ? new Date(route.date_start) : null,
    date_end: route.date_end ? new Date(route.date_end) : null,
    location_sharing: route.location_sharing,
    location_purpose: route.location_purpose,
  };
}

/**
 * Imports a route JSON document in one transaction: a new slug inserts the route with its steps;
 * the slug of an existing route of the tenant updates its fields and replaces its steps.
 */
export async function importRoute(db: Db, scope: TenantScope, json: string) {
  const imported = parseOrRefuse(json);
  return db.transaction(async (tx) => {
    const existing = await findRouteBySlug(tx, scope, { slug: imported.slug, activeOnly: false });
    const route = existing
      ? await updateRouteRow(tx, scope, existing.id, importedValues(imported))
      : await insertRoute(tx, scope, {
          ...importedValues(imported),
          slug: imported.slug,
          title: imported.title,
        });
    if (!route) throw new AppError('route_not_found');
    const stored = await syncSteps(tx, scope, route.id, imported.steps);
    return { route: presentRoute(route, stored), created: existing === null };
  });
}

/**
 * Replaces route `id` with a JSON document (the slug may change), all or nothing: a failure at
 * any point leaves the old route and steps as they were.
 */
export async function replaceRouteFromJson(db: Db, scope: TenantScope, id: string, json: string) {
  const imported = parseOrRefuse(json);
  try {
    return await db.transaction(async (tx) => {
      const current = await findRoute(tx, scope, id);
      if (!current) throw new AppError('route_not_found');
      const stored = await syncSteps(tx, scope, current.id, imported.steps);
      const route = await updateRouteRow(tx, scope, id, {
        ...importedValues(imported),
        slug: imported.slug,
      });
      if (!route) throw new AppError('route_not_found');
      return { route: presentRoute(route, stored), created: false };
    });
  } catch (error) {
    throw slugTaken(error, imported.slug);
  }
}

function importedStepOf(row: StepRow) {
  const {
    id: _id,
    route_id: _route,
    created_at: _created,
    photo_check_type: _photo,
    ...step
  } = row;
  return step;
}

/** The route in the JSON exchange format (export → import gives back an equivalent route). */
export async function exportRoute(db: Db, scope: TenantScope, id: string): Promise<RouteJson> {
  const route = await requireRoute(db, scope, id);
  const rows = await listSteps(db, scope, route.id);
  return toRouteJson(
    {
      slug: route.slug,
      title: route.title,
      description: route.description,
      key_elements: route.key_elements,
      is_flash: route.is_flash,
      date_start: route.date_start?.toISOString() ?? null,
      date_end: route.date_end?.toISOString() ?? null,
      location_sharing: route.location_sharing,
      location_purpose: route.location_purpose,
    },
    rows.map(importedStepOf),
  );
}

/**
 * Saves the step editor's whole ordered list, validated exactly like an import (the same
 * Italian messages naming the step); invalid input changes nothing.
 */
export async function saveSteps(
  db: Db,
  scope: TenantScope,
  id: string,
  rawSteps: readonly Record<string, unknown>[],
) {
  const tooMany = stepCountIssue(rawSteps.length);
  if (tooMany) throw new AppError('route_json_invalid', tooMany);
  const next: StepWrite[] = rawSteps.map((raw, index) => {
    const parsed = parseRouteStep({ ...raw, ord: index + 1 }, index + 1);
    if (!parsed.ok) throw new AppError('route_json_invalid', parsed.error);
    refuseNulText(parsed.step, `steps.${index}`);
    return typeof raw.id === 'string' ? { ...parsed.step, id: raw.id } : parsed.step;
  });
  return db.transaction(async (tx) => {
    const route = await findRoute(tx, scope, id);
    if (!route) throw new AppError('route_not_found');
    await syncSteps(tx, scope, route.id, next);
    return listSteps(tx, scope, route.id);
  });
}

/** Steps as their route's staff see them (answers included; never sent to players). */
export function presentSteps(rows: readonly StepRow[]): { steps: AdminStep[] } {
  return {
    steps: rows.map((row) => {
      const { route_id: _route, created_at: _created, photo_check_type: _photo, ...step } = row;
      return { ...step, scoring: row.scoring ? { ...row.scoring } : null };
    }),
  };
}
