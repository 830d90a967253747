import { formatInstant, startOfLocalDay } from '@tappa/domain';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { TIME_ZONE_COLUMN, toCsv } from '../../infra/csv';
import { requireRoute } from '../routes/routes.service';
import { findTenantBySlug } from '../tenants/tenants.service';
import { deleteRows, listRouteRows } from './scoreboards.repository';

const CSV_COLUMNS = [
  'Team Name',
  'Email',
  'Score',
  'Progress',
  'Total Steps',
  'Last Seen',
  TIME_ZONE_COLUMN,
];

/** `YYYY-MM-DD` of `now` in `timeZone` (for file names). */
function localDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
}

/**
 * The route's scoreboard as CSV (with a BOM so spreadsheets read UTF-8) and its file name
 * `{tenant slug}-{route slug}-scoreboard-YYYY-MM-DD.csv`; 404 when there is nothing to export.
 */
export async function exportRouteScoreboard(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; timeZone: string; now: Date },
) {
  const route = await requireRoute(db, scope, opts.routeId);
  const rows = await listRouteRows(db, scope, route.id);
  if (rows.length === 0) throw new AppError('scoreboard_empty');
  const csv = toCsv(
    CSV_COLUMNS,
    rows.map((r) => [
      r.team_name,
      r.email,
      r.score,
      r.progress,
      r.total,
      formatInstant(r.last_seen, opts.timeZone, 'dateTime'),
      opts.timeZone,
    ]),
  );
  const fileName = `${scope.slug}-${route.slug}-scoreboard-${localDate(opts.now, opts.timeZone)}.csv`;
  return { csv, fileName };
}

/** Deletes every team's score and progress on the route; returns how many rows went. */
export async function resetRouteScoreboard(db: Db, scope: TenantScope, routeId: string) {
  const route = await requireRoute(db, scope, routeId);
  return deleteRows(db, scope, { routeId: route.id });
}

/**
 * The superadmin's daily reset: removes the scoreboard entries of the tenant of `slug` seen
 * since its local midnight (404 for an unknown tenant); returns the tenant and how many went.
 */
export async function resetDailyScoreboard(
  db: Db,
  slug: string,
  now: Date,
): Promise<{ tenantId: string; entries: number }> {
  const tenant = await findTenantBySlug(db, slug);
  if (!tenant) throw new AppError('tenant_not_found');
  const scope: TenantScope = {
    kind: 'tenant',
    tenantId: tenant.id,
    slug: tenant.slug,
    role: 'superadmin',
  };
  const entries = await deleteRows(db, scope, {
    seenSince: startOfLocalDay(now, tenant.time_zone),
  });
  return { tenantId: tenant.id, entries };
}
