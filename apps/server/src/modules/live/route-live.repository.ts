import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { routeLive } from '../../db/schema';
import type { TenantScope } from '../../db/scope';

/** A time as milliseconds since the epoch, the same on both drivers. */
const ms = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;

/** A route's live state as the upserts answer it. */
export interface RouteLiveRow {
  route_id: string;
  stuck_after_minutes: number;
  frozen_at_ms: number | null;
  frozen_by_email: string | null;
}

const RETURNING = sql`returning route_id, stuck_after_minutes,
  ${ms(sql`frozen_at`)} as frozen_at_ms, frozen_by_email`;

/** Sets the stuck minutes of the tenant's route (its row made when it has none). */
export async function upsertStuckMinutes(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; minutes: number; now: Date },
): Promise<RouteLiveRow | null> {
  const [row] = await db.scoped(scope).execute<RouteLiveRow>(
    sql`insert into route_live (route_id, tenant_id, stuck_after_minutes, updated_at)
    values (${opts.routeId}, ${scope.tenantId}, ${opts.minutes}, ${opts.now})
    on conflict (route_id) do update set
      stuck_after_minutes = excluded.stuck_after_minutes, updated_at = excluded.updated_at
      where route_live.tenant_id = ${scope.tenantId}
    ${RETURNING}`,
  );
  return row ?? null;
}

/**
 * Freezes the tenant's route with `rows` unless it is frozen already (the first freeze is kept):
 * answers the row when this call froze it, null when it was frozen.
 */
export async function freezeRoute(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; email: string; rows: FrozenRows; now: Date },
): Promise<RouteLiveRow | null> {
  const [row] = await db.scoped(scope).execute<RouteLiveRow>(
    sql`insert into route_live
      (route_id, tenant_id, frozen_at, frozen_by_email, frozen_rows, updated_at)
    values (${opts.routeId}, ${scope.tenantId}, ${opts.now}, ${opts.email},
      ${JSON.stringify(opts.rows)}::jsonb, ${opts.now})
    on conflict (route_id) do update set
      frozen_at = excluded.frozen_at, frozen_by_email = excluded.frozen_by_email,
      frozen_rows = excluded.frozen_rows, updated_at = excluded.updated_at
      where route_live.tenant_id = ${scope.tenantId} and route_live.frozen_at is null
    ${RETURNING}`,
  );
  return row ?? null;
}

/** Lets the tenant's frozen route live again: answers its row, null when it was not frozen. */
export async function revealRoute(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; now: Date },
): Promise<RouteLiveRow | null> {
  const [row] = await db.scoped(scope).execute<RouteLiveRow>(
    sql`update route_live set frozen_at = null, frozen_by_email = null, frozen_rows = null,
      updated_at = ${opts.now}
    where ${and(eq(routeLive.tenant_id, scope.tenantId), eq(routeLive.route_id, opts.routeId))}
      and frozen_at is not null
    ${RETURNING}`,
  );
  return row ?? null;
}

/** What a freeze keeps of a route's rankings: both lists, and every team row's place. */
export interface FrozenRows {
  overall: unknown[];
  today: unknown[];
  /** The place of each of the route's ranking rows (by row id) on the whole ranking. */
  places: Record<string, number>;
}
