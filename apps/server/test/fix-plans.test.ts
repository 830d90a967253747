import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsOf } from '../src/db/rows';
import { insertFixes, insertFixesQuery } from '../src/modules/games/fixes/fixes.repository';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { makeTenantWithSampleRoute } from './helpers/factories';

const TEAMS = 1000;
const FIXES_PER_TEAM = 2;
/** About the fixes of 300 ms at 1,000 sharing teams (`FIX_GATHER_MS`). */
const GROUP = 30;

/**
 * The statement that keeps a group of fixes (decisions 0086 and 0089), with 1,000 sharing teams
 * and their fixes in the table and the table's statistics gathered (by autovacuum on PostgreSQL,
 * by the upkeep on PGlite): each fix's neighbours in time are probed by the game's key, never by
 * reading every fix of the table. Planned from statistics, the check was a hash anti-join over a
 * scan of the whole table, once per group: a third of a fix's cost after a minute of an event.
 */
describe("the fixes' group statement at 1,000 sharing teams", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('probes each fix by its game, whatever the number of fixes kept', async () => {
    const db = t.database.db;
    const raw = rawDb(db);
    const { tenant, scope, route } = await makeTenantWithSampleRoute(db);
    await raw.execute(sql`update routes set location_sharing = true where id = ${route.id}`);
    await raw.execute(sql`insert into games
      (tenant_id, route_id, team_name, owner_email, status, current_step_index, started_at,
        last_active_at, location_sharing)
      select ${tenant.id}, ${route.id}, 'Team ' || i, 'team' || i || '@example.org', 'active',
        i % 4, now() - interval '1 hour', now(), 'shared'
      from generate_series(1, ${TEAMS}) i`);
    await raw.execute(sql`insert into game_fixes
      (tenant_id, route_id, game_id, lat, lng, taken_at, received_at)
      select g.tenant_id, g.route_id, g.id, 41.9, 12.5, now() - (n * 10 || ' seconds')::interval,
        now()
      from games g cross join generate_series(1, ${FIXES_PER_TEAM}) n
      where g.tenant_id = ${tenant.id}`);
    if (TEST_DB === 'postgres') await raw.execute(sql`analyze`);
    else await t.database.upkeep?.();

    const run = statementsOf(raw);
    const games = await run<{ id: string; owner_email: string }>(
      sql`select id, owner_email from games where tenant_id = ${tenant.id} order by id limit ${GROUP}`,
    );
    // One game past its last step: its fixes name no step.
    await raw.execute(sql`update games set current_step_index = 99 where id = ${games[0]!.id}`);
    const now = new Date();
    const fixes = games.map((game) => ({
      gameId: game.id,
      email: game.owner_email,
      fix: { lat: 41.91, lng: 12.51, accuracyM: 5, takenAt: now },
      receivedAt: now,
    }));
    const planned = await run<Record<string, string>>(
      sql`explain (analyze, buffers, format text) ${insertFixesQuery(scope, fixes)}`,
    );
    const plan = planned.map((row) => Object.values(row)[0]).join('\n');
    console.log(`a group of ${GROUP} fixes:\n${plan}`);
    expect(plan).toMatch(/game_fixes_game_taken_key/);
    expect(plan).not.toMatch(/Seq Scan on game_fixes/);
    expect(plan).not.toMatch(/Anti Join/);
    // The plan's run kept them all; sent again, none is kept twice.
    expect(plan).toMatch(new RegExp(`Tuples Inserted: ${GROUP}\\b`));
    expect((await insertFixes(db, scope, fixes)).size).toBe(0);
    // Each names its game's current step: the one at its index in the route's order, or none.
    const named = await run<{ step_id: string | null; current: string | null }>(
      sql`select f.step_id, (select s.id from steps s where s.route_id = g.route_id
            order by s.ord, s.id offset g.current_step_index limit 1) as current
          from game_fixes f join games g on g.id = f.game_id
          where f.tenant_id = ${tenant.id} and f.taken_at = ${now.toISOString()}::timestamptz`,
    );
    expect(named).toHaveLength(GROUP);
    expect(new Set(named.map((row) => row.current)).size).toBeGreaterThan(2);
    expect(named.filter((row) => row.current === null)).toHaveLength(1);
    for (const row of named) expect(row.step_id).toBe(row.current);
  });
});
