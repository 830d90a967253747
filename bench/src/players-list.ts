/**
 * The staff's Players list and CSV with 20,000 registered teams (issue 14): the first page, a page
 * 19,000 rows deep, two searches and the whole CSV, on the embedded database, in this process.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openAppDatabase } from '../../apps/server/src/app';
import { PLATFORM_SCOPE, type TenantScope } from '../../apps/server/src/db/scope';
import { playerPageQuery } from '../../apps/server/src/modules/players/players-list.repository';
import {
  exportPlayersCsv,
  getPlayersPage,
} from '../../apps/server/src/modules/players/players-list.service';
import { percentile } from './lib/report';

const TEAMS = 20_000;

const database = await openAppDatabase({ databaseUrl: null, dataDir: null });
const { db } = database;
const raw = db.unscoped(PLATFORM_SCOPE);
/** The rows of a raw statement (PGlite answers `{ rows }`, node-postgres too). */
function rowsOf(result: unknown): Record<string, unknown>[] {
  const rows: unknown = Array.isArray(result) ? result : (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
}

const [tenant] = rowsOf(
  await raw.execute(sql`insert into tenants (slug, name, company_name)
    values ('bench-players', 'Bench Players', 'Bench srl') returning id`),
);
const tenantId = String(tenant?.id);
const [route] = rowsOf(
  await raw.execute(sql`insert into routes (tenant_id, slug, title)
    values (${tenantId}, 'giro', 'Giro del Lago') returning id`),
);
const routeId = String(route?.id);
await raw.execute(sql`insert into team_registrations (tenant_id, email, team_name, route_id, created_at)
  select ${tenantId}, 'team' || n || '@example.org', 'Squadra ' || n, ${routeId},
    timestamptz '2026-01-01' + n * interval '1 second'
  from generate_series(1, ${TEAMS}) n`);
// Every third team started a game on its route.
await raw.execute(sql`insert into games (tenant_id, route_id, team_name, owner_email, started_at)
  select ${tenantId}, ${routeId}, 'Squadra ' || n, 'team' || n || '@example.org', now()
  from generate_series(1, ${TEAMS}, 3) n`);
await raw.execute(sql`analyze`);

const scope: TenantScope = {
  kind: 'tenant',
  tenantId,
  slug: 'bench-players',
  role: 'tenant_admin',
};
const [deep] = rowsOf(
  await raw.execute(sql`select id from team_registrations where email = 'team1000@example.org'`),
);

async function timed(name: string, runs: number, work: () => Promise<unknown>) {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  console.log(
    `${name.padEnd(34)} runs ${String(runs).padStart(3)} | p50 ${ms(percentile(times, 50))} | p95 ${ms(percentile(times, 95))}`,
  );
}

console.log(`scenario: Players list and CSV, ${TEAMS} teams, PGlite in process`);
await timed('first page (50)', 50, () => getPlayersPage(db, scope, {}));
await timed('page after 19,000 rows', 50, () =>
  getPlayersPage(db, scope, { cursor: String(deep?.id) }),
);
await timed("search 'squadra 1999' (11 hits)", 20, () =>
  getPlayersPage(db, scope, { q: 'squadra 1999' }),
);
await timed("search 'nobody' (no hit)", 20, () => getPlayersPage(db, scope, { q: 'nobody' }));
let bytes = 0;
await timed('CSV of all 20,000 teams', 5, async () => {
  bytes = 0;
  const { stream } = exportPlayersCsv(db, scope, { q: undefined, timeZone: 'Europe/Rome' });
  for await (const chunk of stream) bytes += Buffer.byteLength(chunk as string);
});
console.log(`CSV size ${(bytes / 1024).toFixed(0)} KB`);
for (const [name, after] of [
  ['first page', undefined],
  ['deep page', String(deep?.id)],
] as const) {
  const query = playerPageQuery(db, scope, { search: undefined, after, limit: 51 });
  const plan = rowsOf(await raw.execute(sql`explain ${query}`));
  console.log(`plan (${name}):`);
  for (const line of plan) console.log(`  ${String(Object.values(line)[0])}`);
}
await database.close();
