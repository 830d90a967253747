import { startOfLocalDay } from '@tappa/domain';
import { stringify } from 'csv-stringify/sync';
import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { liveHeartbeat } from '../../db/schema';
import { inTenant, type TenantScope } from '../../db/scope';
import { notFound } from '../../errors';
import { requireRoute } from './routes.service';

const CSV_COLUMNS = ['Team Name', 'Email', 'Score', 'Progress', 'Total Steps', 'Last Seen'];

/** `YYYY-MM-DD` of `now` in `timeZone` (for file names). */
function localDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
}

/**
 * The route's scoreboard as CSV (with a BOM so spreadsheets read UTF-8) and its file name
 * `{tenant slug}-{route slug}-scoreboard-YYYY-MM-DD.csv`; 404 when there is nothing to export.
 */
export async function exportRouteScoreboard(
  db: Database,
  scope: TenantScope,
  opts: { routeId: string; timeZone: string; now: Date },
) {
  const route = await requireRoute(db, scope, opts.routeId);
  const rows = await db
    .select()
    .from(liveHeartbeat)
    .where(and(inTenant(liveHeartbeat.tenant_id, scope), eq(liveHeartbeat.route_id, route.id)))
    .orderBy(desc(liveHeartbeat.score), asc(liveHeartbeat.last_seen));
  if (rows.length === 0) throw notFound('No scoreboard data to export for this route');
  const seen = new Intl.DateTimeFormat('it-IT', {
    timeZone: opts.timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const csv = stringify(
    rows.map((r) => [r.team_name, r.email, r.score, r.progress, r.total, seen.format(r.last_seen)]),
    { header: true, columns: CSV_COLUMNS, bom: true },
  );
  const fileName = `${scope.slug}-${route.slug}-scoreboard-${localDate(opts.now, opts.timeZone)}.csv`;
  return { csv, fileName };
}

/** Deletes every team's score and progress on the route; returns how many rows went. */
export async function resetRouteScoreboard(db: Database, scope: TenantScope, routeId: string) {
  const route = await requireRoute(db, scope, routeId);
  const deleted = await db
    .delete(liveHeartbeat)
    .where(and(inTenant(liveHeartbeat.tenant_id, scope), eq(liveHeartbeat.route_id, route.id)))
    .returning({ id: liveHeartbeat.id });
  return deleted.length;
}

/** The superadmin's daily reset: removes the tenant's scoreboard entries seen since midnight. */
export async function resetDailyScoreboard(
  db: Database,
  scope: TenantScope,
  opts: { timeZone: string; now: Date },
) {
  const deleted = await db
    .delete(liveHeartbeat)
    .where(
      and(
        inTenant(liveHeartbeat.tenant_id, scope),
        gte(liveHeartbeat.last_seen, startOfLocalDay(opts.now, opts.timeZone)),
      ),
    )
    .returning({ id: liveHeartbeat.id });
  return deleted.length;
}
