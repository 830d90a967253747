// Tenant scoping: Design A, a scoped query builder adding the tenant condition to every statement,
// against Design B, PostgreSQL row-level security with the tenant set per transaction; the same
// units of work on the same data, on the embedded database and on PostgreSQL, with their
// correctness checks and what roles mean operationally.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Engine } from './lib/options';
import { createPostgresDatabase } from './lib/server-process';
import { checkScoping } from './tenant-scope/checks';
import { anyOf, loadTenants, rowLevelSecuritySql, seed, type TenantIds } from './tenant-scope/data';
import { checkOwnerBypass } from './tenant-scope/owner';
import { openPglite, openPostgres, type ScopeEngine } from './tenant-scope/engine';
import { emptyStats, formatTable, measure, type UnitStats } from './tenant-scope/measure';
import { SCOPE_OPTIONS as OPTIONS } from './tenant-scope/options';
import { dropRoles, probeRoles } from './tenant-scope/roles';
import { UNITS, type Variant, VARIANTS } from './tenant-scope/units';

const load = () => os.loadavg()[0]?.toFixed(2) ?? '?';
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Times `work` and prints `label` with the time it took. */
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${label}: ${seconds(started)}`);
  return result;
}

/**
 * Every unit of work under every variant: a warm-up each, then the measured runs in rounds, the
 * variants taking turns (in a rotating order) so that drift and a growing table hit all alike.
 */
async function measureAll(
  db: ScopeEngine,
  tenants: TenantIds[],
  role: string,
  concurrency: number,
) {
  const results: { unit: string; variants: [Variant, UnitStats][] }[] = [];
  const perRound = Math.ceil(OPTIONS.iterations / OPTIONS.rounds);
  for (const unit of UNITS) {
    const stats = new Map(VARIANTS.map((variant) => [variant, emptyStats()]));
    const work = (variant: Variant) => () =>
      unit.run({ db, variant, role, tenant: anyOf(tenants) });
    const run = (variant: Variant, runs: number, into: UnitStats) =>
      measure(work(variant), { runs, concurrency, roundTrips: () => db.roundTrips(), into });
    for (const variant of VARIANTS) await run(variant, OPTIONS.warmup, emptyStats());
    for (let round = 0; round < OPTIONS.rounds; round++) {
      const turn = round % VARIANTS.length;
      const order = [...VARIANTS.slice(turn), ...VARIANTS.slice(0, turn)];
      for (const variant of order) await run(variant, perRound, stats.get(variant) ?? emptyStats());
    }
    results.push({ unit: unit.name, variants: [...stats] });
  }
  return formatTable(results);
}

async function benchEngine(engine: Engine): Promise<void> {
  console.log(`=== ${engine} ===`);
  const dataDir =
    engine === 'pglite' ? await mkdtemp(path.join(os.tmpdir(), 'tappa-scope-')) : null;
  const database = engine === 'postgres' ? await createPostgresDatabase(OPTIONS.adminUrl) : null;
  // Roles are the cluster's: a name of this run's own on a shared PostgreSQL server.
  const role = database ? `tappa_tenant_${randomBytes(3).toString('hex')}` : 'tappa_tenant';
  const roles = [role, `${role}_owner`];
  try {
    const db = await timed('migrations (drizzle migrator, apps/server/src/db/migrations)', () =>
      database ? openPostgres(database.url, OPTIONS.pool) : openPglite(dataDir ?? ''),
    );
    try {
      await timed('seed', () => seed(db, OPTIONS));
      const [counts] = await db.query(`select (select count(*) from tenants) tenants,
        (select count(*) from routes) routes, (select count(*) from steps) steps,
        (select count(*) from games) games, (select count(*) from game_steps) game_steps,
        (select count(*) from live_heartbeat) live_heartbeat`);
      console.log(
        `data: ${Object.entries(counts ?? {})
          .map(([k, v]) => `${String(v)} ${k}`)
          .join(', ')}`,
      );
      await timed(`row-level security on every tenant table, role ${role}`, () =>
        db.withConnection((c) => c.simple(rowLevelSecuritySql(role))),
      );
      const tenants = await loadTenants(db);
      const [mine, other] = tenants;
      if (!mine || !other) throw new Error('the bench needs two tenants');
      console.log(`\ncorrectness (tenant ${mine.id}, another ${other.id}):`);
      for (const line of await checkScoping(db, { role, mine, other })) console.log(line);
      const owner = { owner: `${role}_owner`, tenantIds: [mine.id, other.id] as [string, string] };
      for (const line of await checkOwnerBypass(db, owner)) console.log(line);
      if (database) {
        console.log('\noperational, PostgreSQL roles:');
        const probe = {
          adminUrl: OPTIONS.adminUrl,
          databaseUrl: database.url,
          role,
          tenantId: mine.id,
        };
        const found = await probeRoles({ ...probe, races: 30 });
        roles.push(...found.roles);
        for (const line of found.lines) console.log(line);
      }
      const levels = database ? OPTIONS.concurrency : [1];
      for (const concurrency of levels) {
        const how = database
          ? `pg pool of ${OPTIONS.pool}, ${concurrency} in flight`
          : 'one connection, one at a time';
        console.log(
          `\n${engine}, ${how}; ${OPTIONS.iterations} runs each after ${OPTIONS.warmup} warm-up, in ${OPTIONS.rounds} rounds`,
        );
        const loadBefore = load();
        console.log(await measureAll(db, tenants, role, concurrency));
        console.log(`load average (1 min) ${loadBefore} before, ${load()} after`);
      }
    } finally {
      await db.close();
    }
  } finally {
    await database?.drop();
    if (database) await dropRoles(OPTIONS.adminUrl, roles);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
  console.log('');
}

console.log(`${new Date().toISOString()} | Node ${process.version} | ${os.cpus().length} cores\n`);
for (const engine of OPTIONS.databases) await benchEngine(engine);
